import { fileTypeFromFile } from 'file-type';

/**
 * What an upload really is: its type read from the content (magic bytes), never from its name alone, and the
 * media type it is served with.
 */

export const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

/** The extension the content really has (magic bytes), reconciled with the accept list's spelling. */
export async function sniff(path: string, originalName: string): Promise<string | null> {
  // Hostile content can make the detector give up (hard parser limits): that is "unknown type", not a crash.
  const t = await fileTypeFromFile(path).catch(() => undefined);
  if (!t) return null;
  if (t.ext === 'cfb') {
    // Old Office files share one container format: trust the name only between doc and xls.
    const ext = originalName.toLowerCase().split('.').pop();
    return ext === 'doc' || ext === 'xls' ? ext : null;
  }
  return t.ext;
}

/** Spellings of one type. */
export const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg' };
