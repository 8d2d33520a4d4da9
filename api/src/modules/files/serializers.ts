import type { UploadedFile } from '@bawaba/shared/contracts';
import type { files } from '../../db/schema.ts';
import { filePath } from '../../lib/fileurl.ts';

export type FileRow = typeof files.$inferSelect;

/** A stored file as the contract's `UploadedFile`, with its public URL. */
export const fileOut = (
  apiUrl: (p: string) => string,
  f: Pick<FileRow, 'id' | 'originalName' | 'size' | 'mimeType'>,
): UploadedFile => ({
  id: f.id,
  url: apiUrl(filePath(f.id, f.mimeType)),
  name: f.originalName,
  size: f.size,
  mimeType: f.mimeType,
});
