import { useSWRConfig } from 'swr';
import { api, type ApiResult } from '../../../api/client';
import type { AnswerOf } from '../../../api/wire';
import { CsvEncoding, Deposit, depositPath, DepositRecord, DepositRevertInput, DEPOSITS_PATH, DepositUpdateInput } from './deposit';

/**
 * Uploads a bank file (multipart, field `file`): 202 with the upload, whose records the workers then
 * match. `confirmReimport` after staff chose to send again a file uploaded before (422 `file` NAL-UPL-001/002).
 */
export function uploadDepositFile(file: File, confirmReimport = false) {
  const body = new FormData();
  if (confirmReimport) body.append('confirm_reimport', 'true');
  body.append('file', file, file.name);
  return api.post<Deposit>(`${DEPOSITS_PATH}/payment`, body);
}

/** A payment on one order by hand; with `recordId`, the bank record left for review it comes from (PUT /deposits/{orderId}/update). */
export const applyDeposit = (orderId: number | string, input: DepositUpdateInput) => api.put<AnswerOf<'/deposits/{orderId}/update', 'put'>>(`${DEPOSITS_PATH}/${orderId}/update`, input);

/** A matched record's payments taken back: its orders unpaid again, the record waiting for staff. */
export const revertRecord = (recordId: number, input: DepositRevertInput) => api.put<DepositRecord>(`${DEPOSITS_PATH}/records/${recordId}/revert`, input);

/** A whole upload taken back, all or nothing. */
export const revertDeposit = (id: number, input: DepositRevertInput) => api.put<Deposit>(`${depositPath(id)}/revert`, input);

/**
 * The changes with what follows them on the page's SWR cache: after a change every deposit read (the
 * history, the upload, its records, an order's payments) is read again. A refusal leaves the pages as
 * they are: the page says why, and on a stale version (NAL_ORD-193, NAL-DEP-040) offers `reload` itself.
 */
export function useDepositChanges() {
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => {
      const path = Array.isArray(key) ? key[0] : key;
      return typeof path === 'string' && path.startsWith(DEPOSITS_PATH);
    });
  const revalidating = async <T>(call: Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    const result = await call;
    if (result.ok) await reload();
    return result;
  };
  return {
    reload,
    upload: (file: File, confirmReimport = false) => revalidating(uploadDepositFile(file, confirmReimport)),
    apply: (orderId: number | string, input: DepositUpdateInput) => revalidating(applyDeposit(orderId, input)),
    revertRecord: (recordId: number, input: DepositRevertInput) => revalidating(revertRecord(recordId, input)),
    revertDeposit: (id: number, input: DepositRevertInput) => revalidating(revertDeposit(id, input)),
  };
}

// ---- Downloads: opened by the browser with the media token (`?token=`) ----

/** The bank file as it was uploaded. */
export const openDepositFile = (id: number) => api.download(`${depositPath(id)}/download`);
/** Every record with what became of it. */
export const openDepositResult = (id: number, encoding: CsvEncoding) => api.download(`${depositPath(id)}/download-result`, { encoding });
/** The payments of a period, by paid date (from–to, both included). */
export const openDepositReport = (from: string, to: string, encoding: CsvEncoding) => api.download(`${DEPOSITS_PATH}/report`, { from, to, encoding });
/** Orders paid and not shipped at a cut-off date (前受金). */
export const openAdvancePayments = (date: string, encoding: CsvEncoding) => api.download(`${DEPOSITS_PATH}/advance-payments`, { date, encoding });
