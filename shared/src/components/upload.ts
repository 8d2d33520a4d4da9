import type { UploadedFile, UploadPurpose } from '../contracts/files.ts';
import { ACCEPT } from '../contracts/files.ts';
import { http } from '../http/client.ts';

/** The `accept` attribute of a file input for an upload purpose (".png,.jpg,…"). */
export const acceptFor = (purpose: UploadPurpose): string =>
  ACCEPT[purpose].map((ext) => `.${ext}`).join(',');

/** POST /files/upload (multipart `file` + `purpose`) through the one ky client; resolves to the stored file. */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<UploadedFile> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file);
  const res = await http.post('files/upload', { body, timeout: 120_000 }).json<{ data: UploadedFile }>();
  return res.data;
}
