import { mutate } from 'swr';
import { api, API_BASE_URL, toQueryString, type ApiResult } from '../../../api/client';
import { uploadMedia } from '../../../api/media-upload';
import { PUBLIC } from './use-estimates';
import {
  Estimate,
  EstimateAnswerInput,
  EstimateCreateInput,
  ESTIMATES_PATH,
  estimatePath,
  EstimateUpdateInput,
  RequestApproveInput,
} from './estimate';

/** Every cached estimate read (the estimate, the customers' histories) is read again after a change. */
const revalidateEstimates = () =>
  mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && (path.startsWith(ESTIMATES_PATH) || /^\/customers\/\d+\/estimates/.test(path));
  });

/** After a change, and after a refusal too: a refusal (NAL-CTM-101 above all) means what the page shows is out of date. */
async function revalidating<T>(call: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await call;
  await revalidateEstimates();
  return result;
}

export const createEstimate = (input: EstimateCreateInput) => revalidating(api.post<Estimate>(ESTIMATES_PATH, input));

/** Editing an approved or stamped estimate makes its next revision (the API decides). */
export const updateEstimate = (id: string, input: EstimateUpdateInput) => revalidating(api.put<Estimate>(estimatePath(id), input));

export const requestApprove = (id: string, input: RequestApproveInput) => revalidating(api.put<Estimate>(`${estimatePath(id)}/request-approve`, input));

/** Approve, reject, stamp or return for edit, signed in. */
export const answerEstimate = (input: Omit<EstimateAnswerInput, 'linkToken'>) => revalidating(api.put<Estimate>(`${ESTIMATES_PATH}/approve`, input));

/** The same answer through a mailed link (the public page): the link token instead of a bearer. */
export const answerThroughLink = (linkToken: string, input: Omit<EstimateAnswerInput, 'linkToken'>) =>
  api.put<Estimate>(`${ESTIMATES_PATH}/approve`, { ...input, linkToken }, PUBLIC);

export const removeEstimateFile = (id: string, version: number) => revalidating(api.delete<Estimate>(`${estimatePath(id)}/file`, { query: { version } }));

// ---- Downloads: opened by the browser with the media token ----

/** The estimate's PDF: the current revision, or `revision` as it was issued. */
export const openEstimatePdf = (id: string, revision?: number) => api.download(`${ESTIMATES_PATH}/download`, { id, revision });
export const openEstimateFile = (id: string) => api.download(`${ESTIMATES_PATH}/download-file`, { id });
export const openEstimateTemplate = () => api.download(`${ESTIMATES_PATH}/download-template`);
/** The public page's PDF: the link's own estimate, opened with the link token. */
export const linkPdfUrl = (linkToken: string) => `${API_BASE_URL}${ESTIMATES_PATH}/download?${toQueryString({ linkToken })}`;

/** The estimate's file: uploaded through the presigned URL (with progress), then taken over by the estimate. */
export const uploadEstimateFile = (estimate: { id: string; version: number }, file: File, onProgress: (percent: number) => void) =>
  uploadMedia(file, onProgress, (s3Path) => revalidating(api.put<Estimate>(`${estimatePath(estimate.id)}/upload`, { version: estimate.version, originalFileName: file.name, s3Path })));
