import { api, type ApiResult } from './client';
import type { AnswerOf } from './wire';

/** GET /medias/presigned_url: where the browser PUTs a file, with the headers and the size the URL was signed for. */
export type PresignedUpload = AnswerOf<'/medias/presigned_url', 'get'>;

/** How an upload ended: the area's answer, or a refusal before it (too large here, or the storage's own). */
export type UploadOutcome<T> =
  | ApiResult<T>
  | { ok: false; status: 'too_large'; maxBytes: number }
  /** The storage refused the PUT: its HTTP status (0: no answer) and, from the API's own upload route, the field rule it answered. */
  | { ok: false; status: 'storage'; code: number; errorCode?: string }
  /** The area's claim refused the file and has told the user itself (the chat's toast of codes). */
  | ClaimHandled;

export type ClaimHandled = { ok: false; status: 'handled' };

/** The rule a refusal of the API's upload route names (`file_format_invalid`, `file_size_too_large`); S3 answers XML, which has none. */
function storageRefusal(body: string): string | undefined {
  try {
    const error = (JSON.parse(body) as { error?: { error_code?: string; errors?: { error_code?: string }[] } }).error;
    return error?.errors?.[0]?.error_code ?? error?.error_code;
  } catch {
    return undefined;
  }
}

/** PUTs the file where the presigned URL says, reporting progress (0–100); resolves with the HTTP status (0: no answer) and the body. */
function putFile(upload: PresignedUpload, file: File, onProgress: (percent: number) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.send(file);
  });
}

/**
 * An upload as every area makes it (DESIGN.md §10): a presigned URL, the browser's PUT with progress,
 * then `claim` hands the file's key (`s3_path`) to the area, which checks it by content and size.
 */
export async function uploadMedia<T>(file: File, onProgress: (percent: number) => void, claim: (s3Path: string) => Promise<ApiResult<T> | ClaimHandled>): Promise<UploadOutcome<T>> {
  const presigned = await api.get<PresignedUpload>('/medias/presigned_url', { query: { fileName: file.name, type: file.type || 'application/octet-stream' } });
  if (!presigned.ok) return presigned;
  // Checked here too so a large file is not sent for nothing; the server decides (it checks size and content).
  if (file.size > presigned.data.maxBytes) return { ok: false, status: 'too_large', maxBytes: presigned.data.maxBytes };
  const stored = await putFile(presigned.data, file, onProgress);
  if (stored.status < 200 || stored.status >= 300) return { ok: false, status: 'storage', code: stored.status, errorCode: storageRefusal(stored.body) };
  return claim(presigned.data.s3Path);
}
