import * as v from 'valibot';

/**
 * `purpose` of POST /files/upload (multipart field next to `file`). Logos, avatars and ad images are public
 * (an <img> can show them); the others are served only to those allowed, with the Bearer header.
 */
export const UPLOAD_PURPOSES = [
  'logo',
  'avatar',
  'ad',
  'tender-document',
  'proposal-attachment',
  'milestone-document',
  /** A proposal's price document: its financial part (sealed with it in a two-envelope tender). */
  'price-document',
  /** A document given with an objection to an award (the bidder, the buyer side and admins read it). */
  'objection-document',
  /** A milestone's deliverable, submitted by a contract's supplier side (both sides and admins read it). */
  'contract-deliverable',
  /** A company's credential (credentials.ts): its administrators and the platform admins read it. */
  'credential-document',
] as const;
export const UploadPurpose = v.picklist(UPLOAD_PURPOSES, 'Unknown upload purpose.');
export type UploadPurpose = v.InferOutput<typeof UploadPurpose>;

export const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['logo', 'avatar', 'ad'];

/** Accepted extensions per purpose (checked by content on the server). */
export const ACCEPT: Record<UploadPurpose, readonly string[]> = {
  logo: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  avatar: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  ad: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  'tender-document': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'],
  'proposal-attachment': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'],
  'milestone-document': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'],
  'price-document': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'],
  'objection-document': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'],
  'contract-deliverable': ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'],
  'credential-document': ['pdf', 'jpg', 'jpeg', 'png'],
};
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const UploadedFile = v.object({
  id: v.string(),
  /** Absolute URL (${PUBLIC_URL}/api/v1/files/<id>); private files need the Bearer header. */
  url: v.string(),
  name: v.string(),
  size: v.number(),
  mimeType: v.string(),
});
export type UploadedFile = v.InferOutput<typeof UploadedFile>;

/** The id of a stored file in its URL: `<uuid>` or `<uuid>.<ext>`, read as the lower-case uuid. */
export const FileParams = v.object({
  id: v.pipe(
    v.string(),
    v.regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{2,5})?$/i,
      'Must be a valid id',
    ),
    v.transform((s) => s.slice(0, 36).toLowerCase()),
  ),
});
