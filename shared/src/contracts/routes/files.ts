import { FileParams, UploadedFile } from '../files.ts';
import { route } from './route.ts';

/** Stored files: the one upload of the site and the download of a stored file. */

/** A multipart body (`purpose` and `file`), read by the API part by part as it arrives: no body schema. */
export const upload = route({
  method: 'POST',
  path: '/files/upload',
  tag: 'files',
  summary: 'Upload a file (multipart: file + purpose); ≤ 50 MB; type checked by content',
  access: 'signedIn',
  consumes: ['multipart/form-data'],
  response: UploadedFile,
  status: 201,
  errors: [400, 413, 415, 422],
});

/** A private file without a session is 401; one the caller may not read answers like a missing one (404). */
export const fileDownload = route({
  method: 'GET',
  path: '/files/:id',
  tag: 'files',
  summary: 'Download a file (public purposes: no auth; others: only those allowed)',
  access: 'optional',
  params: FileParams,
  // The stored type of the file (PDF, Word, Excel, an image); bytes either way.
  produces: 'application/octet-stream',
  errors: [401],
});
