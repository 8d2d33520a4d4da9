const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/**
 * Path of a stored file: `/files/<id>.<ext>` — the extension lets the front end apply the spec's logo rule
 * ("shown only if its extension is png, jpg, jpeg, gif or webp"). `/files/<id>` works as well.
 */
export const filePath = (id: string, mimeType: string) =>
  `/files/${id}${EXT[mimeType] ? `.${EXT[mimeType]}` : ''}`;
