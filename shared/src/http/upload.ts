import type { UploadedFile, UploadPurpose } from '../contracts/files.ts';
import { ACCEPT } from '../contracts/files.ts';
import { upload } from '../contracts/routes/heads/files.ts';
import { useSessionStore } from '../store/session.ts';
import { reportHttpError } from './client.ts';

/** The upload route's URL (its entry: shared/src/contracts/routes/files.ts). */
const UPLOAD_URL = `/api/v1${upload.path}`;

/** The `accept` attribute of a file input for an upload purpose (".png,.jpg,…"). */
export const acceptFor = (purpose: UploadPurpose): string =>
  ACCEPT[purpose].map((ext) => `.${ext}`).join(',');

/** An upload the server refused (`status` > 0, `message` in the user's language) or that never reached it (0). */
export class UploadError extends Error {
  readonly status: number;
  readonly code: string | null;
  constructor(status: number, message: string, code: string | null = null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface UploadOptions {
  /** Called with the fraction sent (0–1) as the body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The one upload of the site: POST /api/v1/files/upload (multipart `purpose` + `file`), resolving to the stored
 * file. XMLHttpRequest rather than the ky client: fetch reports upload progress only through a streamed body, which
 * browsers send over HTTP/2 only. The same Bearer and language headers as the shared client. A refusal rejects with
 * an UploadError carrying the server's translated message, for the upload UI to show next to the picker (too
 * large, wrong type, too many uploads); a missing or revoked session (401/403) also goes to the shell, which signs
 * out as for any call.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  options: UploadOptions = {},
): Promise<UploadedFile> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, UPLOAD_URL);
    const { token, language } = useSessionStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', language);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: UploadedFile; message?: string; code?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        onProgress?.(1);
        resolve(body.data);
        return;
      }
      const message = body?.message ?? `HTTP ${xhr.status}`;
      if (xhr.status === 401 || xhr.status === 403) {
        reportHttpError({
          status: xhr.status,
          message,
          code: body?.code ?? null,
          url: UPLOAD_URL,
        });
      }
      reject(new UploadError(xhr.status, message, body?.code ?? null));
    };
    xhr.onerror = () => reject(new UploadError(0, 'Network error'));
    xhr.onabort = () => reject(new UploadError(0, 'Aborted'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
