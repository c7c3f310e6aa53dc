import { mutate } from 'swr';
import { api, API_BASE_URL, toQueryString, type ApiResult } from '../../../api/client';
import { PUBLIC } from './use-estimates';
import {
  Estimate,
  EstimateAnswerInput,
  EstimateCreateInput,
  ESTIMATES_PATH,
  estimatePath,
  EstimateUpdateInput,
  PresignedUpload,
  RequestApproveInput,
} from './estimate';

/** Every cached estimate read (the estimate, the customers' histories) is read again after a change. */
const revalidateEstimates = () =>
  mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && (path.startsWith(ESTIMATES_PATH) || /^\/customers\/\d+\/estimates/.test(path));
  });

async function revalidating<T>(call: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await call;
  if (result.ok) await revalidateEstimates();
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

// ---- Upload: presigned URL, the browser's PUT (with progress), then the estimate takes the file ----

export type UploadOutcome = ApiResult<Estimate> | { ok: false; status: 'too_large'; maxBytes: number } | { ok: false; status: 'storage'; code: number };

/** PUTs the file where the presigned URL says, reporting progress (0–100); resolves with the HTTP status (0: no answer). */
function putFile(upload: PresignedUpload, file: File, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => resolve(0);
    xhr.send(file);
  });
}

export async function uploadEstimateFile(estimate: { id: string; version: number }, file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  const presigned = await api.get<PresignedUpload>('/medias/presigned_url', { query: { fileName: file.name, type: file.type || 'application/octet-stream' } });
  if (!presigned.ok) return presigned;
  // Checked here too so a large file is not sent for nothing; the server decides (it checks size and content).
  if (file.size > presigned.data.maxBytes) return { ok: false, status: 'too_large', maxBytes: presigned.data.maxBytes };
  const stored = await putFile(presigned.data, file, onProgress);
  if (stored < 200 || stored >= 300) return { ok: false, status: 'storage', code: stored };
  return revalidating(
    api.put<Estimate>(`${estimatePath(estimate.id)}/upload`, { version: estimate.version, originalFileName: file.name, s3Path: presigned.data.s3Path }),
  );
}
