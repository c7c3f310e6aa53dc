import { PRINT_DOCUMENT_KINDS, type PrintDocumentKind } from '@oms/domain';
import { api, type ApiResult } from '../../../api/client';
import type { Wire } from '../../../api/wire';
import { ORDERS_PATH } from './order';

export { PRINT_DOCUMENT_KINDS, type PrintDocumentKind };

/** One order's outcome of a print: its document's number, or the code of why it has none. */
export type PrintDocumentResult = Wire<'PrintDocumentResult'>;
export type PrintDocumentsAnswer = Wire<'PrintDocumentsAnswer'>;

/** A receipt's 宛名 and 但し書き (taken at its first issue; a reissue prints the first ones). */
export interface ReceiptTerms {
  addressee?: string;
  proviso?: string;
}

/**
 * Prints one kind of document for these orders (POST /orders/documents issues what it can), then
 * points `win` at the PDF of those issued, with a one-minute media token. The caller opens `win` in
 * the click itself (`openBlankWindow()`, before any await: Safari blocks a later window.open); it is
 * closed here when nothing is printable or the request fails. The console never navigates away to
 * the PDF. A media token that cannot be had rejects (ApiError), like any download.
 */
export async function printDocuments(win: Window | null, kind: PrintDocumentKind, orderIds: readonly string[], terms: ReceiptTerms = {}): Promise<ApiResult<PrintDocumentsAnswer>> {
  try {
    const body = { kind, orderIds: orderIds.map(Number), ...(kind === 'receipt' ? terms : {}) };
    const res = await api.post<PrintDocumentsAnswer>(`${ORDERS_PATH}/documents`, body);
    const printable = res.ok ? res.data.results.filter((r) => r.ok).map((r) => r.orderId) : [];
    if (!res.ok || printable.length === 0) {
      win?.close();
      return res;
    }
    await api.download(`${ORDERS_PATH}/documents/download`, { kind, ids: printable.join(',') }, win);
    return res;
  } catch (err) {
    win?.close();
    throw err;
  }
}
