import type { PrintDocumentKind } from '@oms/domain';

/**
 * Everything an order's print document (請求書, 領収書, 納品書, 発注書兼配送依頼書) prints, frozen as
 * JSON when it is first issued (print_documents.content): a reissue prints exactly this again. Money is
 * whole yen, computed by the domain (documentTaxes) and never recomputed by the renderer.
 */
export interface PrintDocumentLine {
  productCode: string | null;
  productName: string;
  /** Options, joined. */
  options: string | null;
  makerName: string;
  amount: number;
  /** Unit price with tax (the order lines keep it). */
  unitPrice: number;
  /** 10, 8 or 0; 8 is marked ※ (軽減税率). */
  taxRate: number;
  lineTotal: number;
}

export interface PrintDocumentTaxRow {
  rate: number;
  /** What the rate covers, with tax. */
  amountWithTax: number;
  /** The tax in it, rounded down once for the rate. */
  tax: number;
}

export interface PrintDocumentParty {
  name: string;
  companyName: string | null;
  zip: string | null;
  address: string | null;
  tel: string | null;
}

export interface PrintDocumentContent {
  kind: PrintDocumentKind;
  documentNo: string;
  /** ISO timestamp of the first issue; printed as the Japan date. */
  issuedAt: string;
  orderNo: string;
  /** YYYY-MM-DD. */
  orderDate: string;
  /** 取引年月日 (YYYY-MM-DD): the ship date (invoice, delivery note), the payment date (receipt), the order date (delivery request). */
  transactionDate: string;
  issuer: {
    company: string;
    zip: string | null;
    address: string | null;
    phone: string | null;
    invoiceRegistrationNumber: string | null;
    bankAccount: string | null;
  };
  buyer: PrintDocumentParty;
  delivery: PrintDocumentParty & { preferredDate: string | null; preferredPeriod: string | null };
  paymentMethod: string;
  lines: PrintDocumentLine[];
  /** Fees after the lines (送料, 決済手数料…; a refund fee negative). */
  fees: { label: string; value: number }[];
  /** Sum of the lines. */
  subtotal: number;
  /** subtotal + fees. */
  total: number;
  taxes: PrintDocumentTaxRow[];
  taxTotal: number;
  /** A receipt's 宛名 and 但し書き as first issued. */
  receipt: { addressee: string; proviso: string } | null;
  /** The delivery request's note to makers (the order's supplier memo). */
  note: string | null;
  /** The number of the document this one corrects (the order changed after it was issued), printed under the title. */
  replaces?: string | null;
}

/** One document to print: its content and whether it was printed before (then marked 再発行). */
export interface PrintDocumentCopy {
  content: PrintDocumentContent;
  reissue: boolean;
}
