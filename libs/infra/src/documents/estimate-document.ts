/**
 * Everything an estimate (見積書) PDF prints (DESIGN.md §7, §10). Money is whole yen; the totals are
 * computed by the domain (libs/domain estimates: tax per rate, rounded down once per rate) and
 * handed over, never recomputed by the renderer.
 */
export interface EstimateDocumentLine {
  ecProductCode: string | null;
  productName: string;
  optionDetail: string | null;
  /** Unit price including tax, as the line shows it. */
  priceWithTax: number;
  amount: number;
  unit: string | null;
  /** 0–100; 10 and 8 are the rates Japan uses. */
  taxPercentage: number;
  /** priceWithTax × amount. */
  lineTotal: number;
}

export interface EstimateDocumentFee {
  /** 送料, 設置費, 送料・設置費, 値引き, 決済手数料 (fee kinds 1–5); a discount is printed negative. */
  label: string;
  /** Signed: a discount is negative. */
  value: number;
}

export interface EstimateTaxRow {
  /** e.g. 10 or 8 */
  rate: number;
  /** Amount subject to this rate, tax included. */
  totalWithTax: number;
  /** Tax contained in totalWithTax, rounded down once for the rate. */
  tax: number;
}

export interface EstimateDocumentContent {
  /** Printed as `<estimateNo>` for revision 1, `<estimateNo>-R<n>` after. */
  estimateNo: string;
  revision: number;
  /** Printed as the Japan date; also the PDF's CreationDate, so the same content renders the same bytes. */
  issuedAt: Date;
  /** YYYY-MM-DD, one month after issue (SPEC.md §9). */
  validUntil: string;
  issuer: { company: string; zip: string | null; address: string | null; phone: string | null; invoiceRegistrationNumber: string | null };
  customer: { name: string; companyName: string | null; zip: string | null; address: string | null; phone: string | null };
  personInCharge: string | null;
  deliveryLocation: string | null;
  faxNumber: string | null;
  zip: string | null;
  paymentMethod: string | null;
  lines: EstimateDocumentLine[];
  fees: EstimateDocumentFee[];
  /** Sum of line totals (tax included). */
  subtotal: number;
  taxes: EstimateTaxRow[];
  /** subtotal + fees, tax included. */
  total: number;
  /** Up to 8 notes, then the free note. */
  notes: string[];
  note: string | null;
  /** Until approved the PDF carries a 'draft' (下書き) watermark. */
  draft: boolean;
  /** Once stamped: the company seal image (PNG or JPEG bytes), printed beside the issuer. */
  seal: Buffer | null;
  /** A blank form: header and issuer only, empty line rows to fill by hand (download-template). */
  blank?: boolean;
}
