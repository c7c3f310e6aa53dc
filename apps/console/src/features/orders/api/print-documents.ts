import { PRINT_DOCUMENT_KINDS, type PrintDocumentKind } from '@oms/domain';
import { API_BASE_URL, api, toQueryString, type ApiResult } from '../../../api/client';
import type { AnswerOf, Wire } from '../../../api/wire';
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
 * opens the PDF of those issued in a new window with a one-minute media token. The window is opened
 * in the click itself (pop-up blockers refuse one opened later) and closed when nothing is printable.
 */
export async function printDocuments(kind: PrintDocumentKind, orderIds: readonly string[], terms: ReceiptTerms = {}): Promise<ApiResult<PrintDocumentsAnswer>> {
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  try {
    const body = { kind, orderIds: orderIds.map(Number), ...(kind === 'receipt' ? terms : {}) };
    const res = await api.post<PrintDocumentsAnswer>(`${ORDERS_PATH}/documents`, body);
    const printable = res.ok ? res.data.results.filter((r) => r.ok).map((r) => r.orderId) : [];
    if (!res.ok || printable.length === 0) {
      win?.close();
      return res;
    }
    const token = await api.get<AnswerOf<'/medias/token', 'get'>>('/medias/token');
    if (!token.ok) {
      win?.close();
      return token;
    }
    const url = `${API_BASE_URL}${ORDERS_PATH}/documents/download?${toQueryString({ kind, ids: printable.join(','), token: token.data.token })}`;
    if (win) win.location.href = url;
    else window.location.assign(url);
    return res;
  } catch (err) {
    win?.close();
    throw err;
  }
}
