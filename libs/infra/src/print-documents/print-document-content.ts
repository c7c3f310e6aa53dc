import {
  documentTaxes,
  DocumentAdjustment,
  isQualifiedInvoice,
  isValidInvoiceRegistrationNumber,
  japanToday,
  LineStatus,
  preferredPeriodLabel,
  PrintDocumentKind,
  printableLines,
  ReceiptTerms,
  SHIPPED_STATUSES,
  STANDARD_TAX_RATE,
  DomainError,
} from '@oms/domain';
import type { SettingsOptionEntity } from '../settings/settings-entities';
import type { PrintDocumentContent } from '../documents/print-document';
import type { OrderRecord } from '../orders/order-reader';

/** What an order's document needs besides the order: which lines were confirmed paid, and when. */
export interface OrderPayments {
  /** Lines whose history has the step to paid. */
  paidLineIds: ReadonlySet<string>;
  /** The last step to paid (a receipt's date when no deposit gives one). */
  paidAt: Date | null;
  /** The bank date (YYYY-MM-DD) of a live deposit payment covering the order: the receipt's date. */
  depositPaidDate: string | null;
}

/** The fees an order adds after its lines, all standard-rated services (a refund fee subtracted). */
function feesOf(order: OrderRecord): { label: string; value: number }[] {
  return [
    { label: '送料', value: order.shippingFee },
    { label: '決済手数料', value: order.settlementFee },
    { label: 'その他手数料', value: order.otherFee },
    { label: '手数料', value: order.fee },
    { label: '返金手数料', value: -order.refundFee },
  ].filter((fee) => fee.value !== 0);
}

/**
 * The content of an order's document of this kind, as it will be frozen: which lines it prints
 * (printableLines refuses an order with nothing to print), the issuer from the order settings (an
 * invoice or a receipt needs the company name and a valid registration number: NAL-REVENUE-013),
 * the tax per rate from documentTaxes (the lines carry prices with tax; fees at 10%).
 */
export function printDocumentContent(input: {
  kind: PrintDocumentKind;
  documentNo: string;
  issuedAt: Date;
  order: OrderRecord;
  payments: OrderPayments;
  option: Pick<SettingsOptionEntity, 'companyName' | 'zip' | 'address' | 'phone' | 'invoiceRegistrationNumber' | 'bankAccount'>;
  receipt: ReceiptTerms | null;
}): PrintDocumentContent {
  const { kind, order, option, payments } = input;
  const lines = printableLines(kind, {
    paymentMethodId: order.paymentMethodId,
    lines: order.lines.map((line) => ({ ...line, status: line.status as LineStatus, confirmedPaid: payments.paidLineIds.has(line.id) })),
    depositPaid: payments.depositPaidDate !== null,
  });
  const registration = option.invoiceRegistrationNumber;
  if (isQualifiedInvoice(kind) && (!option.companyName || !registration || !isValidInvoiceRegistrationNumber(registration))) {
    throw new DomainError('NAL-REVENUE-013');
  }
  const priced = kind !== 'delivery_request';
  const fees = kind === 'invoice' || kind === 'receipt' ? feesOf(order) : [];
  const taxes = documentTaxes(
    lines.map((l) => ({ amount: l.amount, unitPrice: l.priceWithTax, taxRate: l.taxPercentage })),
    fees.map((fee): DocumentAdjustment => ({ amount: fee.value, taxRate: STANDARD_TAX_RATE })),
    'inclusive',
  );
  const subtotal = lines.reduce((sum, l) => sum + l.priceWithTax * l.amount, 0);
  return {
    kind,
    documentNo: input.documentNo,
    issuedAt: input.issuedAt.toISOString(),
    orderNo: order.branchNo > 1 ? `${order.orderNo}-${order.branchNo}` : order.orderNo,
    orderDate: order.orderDate,
    transactionDate: transactionDate(kind, order, payments, input.issuedAt, new Set(lines.map((l) => l.makerId))),
    issuer: {
      company: option.companyName ?? '',
      zip: option.zip,
      address: option.address,
      phone: option.phone,
      invoiceRegistrationNumber: registration,
      bankAccount: option.bankAccount,
    },
    buyer: { name: order.buyerName, companyName: order.customer?.companyName ?? null, zip: order.buyerZip, address: order.buyerAddress, tel: order.buyerTel },
    delivery: {
      name: order.deliveryName,
      companyName: null,
      zip: order.deliveryZip,
      address: order.deliveryAddress,
      tel: order.deliveryTel,
      preferredDate: order.preferredDate,
      preferredPeriod: order.preferredPeriod ? preferredPeriodLabel(order.preferredPeriod) : null,
    },
    paymentMethod: order.paymentMethod.nameJa,
    lines: lines.map((l) => ({
      productCode: l.productCode,
      productName: l.productName,
      options: [l.option1, l.option2].filter(Boolean).join(' / ') || null,
      makerName: l.makerName,
      amount: l.amount,
      unitPrice: priced ? l.priceWithTax : 0,
      taxRate: l.taxPercentage,
      lineTotal: priced ? l.priceWithTax * l.amount : 0,
    })),
    fees,
    subtotal: priced ? subtotal : 0,
    total: priced ? taxes.total : 0,
    taxes: priced ? taxes.rows.map((row) => ({ rate: row.rate, amountWithTax: row.amountWithTax, tax: row.tax })) : [],
    taxTotal: priced ? taxes.taxTotal : 0,
    receipt: kind === 'receipt' ? input.receipt : null,
    note: kind === 'delivery_request' ? order.supplierMemo : null,
  };
}

/** 取引年月日: the latest ship date of the printed lines' makers (else the order date); a receipt's payment date (the deposit's bank date, else the step to paid); a request's order date. */
function transactionDate(kind: PrintDocumentKind, order: OrderRecord, payments: OrderPayments, issuedAt: Date, makerIds: ReadonlySet<string>): string {
  if (kind === 'delivery_request') return order.orderDate;
  if (kind === 'receipt') return payments.depositPaidDate ?? japanToday(payments.paidAt ?? issuedAt);
  const shipDates = order.makers
    .filter((m) => makerIds.has(m.makerId) && m.shipDate && order.lines.some((l) => l.makerId === m.makerId && SHIPPED_STATUSES.includes(l.status as LineStatus)))
    .map((m) => m.shipDate!)
    .sort();
  return shipDates.at(-1) ?? order.orderDate;
}
