import { intlLocale, useSessionStore } from '@bawaba/shared';
import type { UploadedFile, UploadPurpose } from '@bawaba/shared/contracts';

export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * POST /api/v1/files/upload (multipart: purpose + file) with progress. XMLHttpRequest rather than the ky
 * client: fetch can only report upload progress through a streamed body, which browsers send over HTTP/2
 * only. The same Bearer and language headers as the shared client.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/files/upload');
    const { token, language } = useSessionStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', language);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: UploadedFile; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        onProgress?.(1);
        resolve(body.data);
      } else {
        reject(new UploadError(xhr.status, body?.message ?? `HTTP ${xhr.status}`));
      }
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

/** Accept lists of the spec (§5 wizard; §2 resubmit). */
export const WIZARD_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.png';
export const RESUBMIT_ACCEPT = '.png,.jpg,.jpeg,.pdf';

export function formatBytes(bytes: number, language: 'en' | 'ar'): string {
  const locale = intlLocale(language);
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
