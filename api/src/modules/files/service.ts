import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { ACCEPT, MAX_UPLOAD_BYTES, PUBLIC_PURPOSES, type UploadPurpose } from '@bawaba/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { zipProblem } from '../../lib/storage.ts';
import { MIME, SAME_TYPE, sniff } from './content.ts';
import {
  credentialFileOpenTo,
  deliverableOpenTo,
  fileById,
  objectionFileOpenTo,
  priceDocumentOpenTo,
  proposalFileOpenTo,
  tenderDocumentVisibleTo,
} from './queries.ts';
import type { FileRow } from './serializers.ts';

/** The files of a proposal's technical part: its attachment and its milestones' documents. */
const PROPOSAL_PURPOSES = new Set<string>(['proposal-attachment', 'milestone-document']);

/**
 * Who may read a private file: its uploader and admins; a tender document, whoever may see the tender (a buyer
 * colleague too); a proposal's attachment or milestone document, the bidding side (every member of the company the
 * proposal is for) and the tender's buyer side once the deadline has passed (proposals are sealed until then); a
 * price document, its uploader and bidding side, and the buyer side and admins only once the proposal's financial
 * part is open; a contract deliverable, both parties of its contract; a credential's document, the administrators
 * of its company. Anyone else is answered as if the file did
 * not exist.
 */
async function canRead(ctx: Ctx, a: Auth, f: FileRow): Promise<boolean> {
  const db = ctx.database.db;
  if (f.ownerId === a.user.id) return true;
  // Checked before the admins' pass: a sealed financial part is sealed to them too.
  if (f.purpose === 'price-document') return priceDocumentOpenTo(db, f.id, a);
  if (a.user.isAdmin) return true;
  if (f.purpose === 'tender-document') return tenderDocumentVisibleTo(db, f.id, a);
  if (PROPOSAL_PURPOSES.has(f.purpose)) return proposalFileOpenTo(db, f.id, a);
  if (f.purpose === 'objection-document') return objectionFileOpenTo(db, f.id, a);
  if (f.purpose === 'contract-deliverable') return deliverableOpenTo(db, f.id, a);
  if (f.purpose === 'credential-document') return credentialFileOpenTo(db, f.id, a);
  return false;
}

/**
 * The file `id` as the caller may download it: a public one for anyone; a private one needs a session (401:
 * `presentedToken` tells an expired session from none) and the right to read it (`canRead`), else it answers like a
 * missing one.
 */
export async function readableFile(
  ctx: Ctx,
  caller: Auth | null,
  id: string,
  presentedToken: boolean,
): Promise<FileRow> {
  const f = await fileById(ctx.database.db, id);
  if (!f) throw new AppError('FILE_NOT_FOUND');
  if (f.isPublic) return f;
  if (!caller) throw new AppError(presentedToken ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
  if (!(await canRead(ctx, caller, f))) throw new AppError('FILE_NOT_FOUND');
  return f;
}

/** A file received whole into a temp file, as the upload route hands it over. */
type Received = {
  tmp: string;
  originalName: string;
  purpose: v.InferOutput<typeof UploadPurpose>;
  /** The bytes' MD5 (base64), for a store that checks what it received (S3's Content-MD5). */
  md5?: string;
};

/**
 * Checks a received upload and keeps it: its size, its type read from the content (one the purpose accepts), a
 * name whose extension tells the truth about the content (a PNG named report.pdf is refused), no unsafe archive in
 * a docx or xlsx. An accepted file goes into the store, then its row makes it visible: no row, no object (an
 * object whose row failed is removed again). The caller removes the temp file.
 */
export async function acceptUpload(
  ctx: Ctx,
  ownerId: number,
  { tmp, originalName, purpose, md5 }: Received,
  log: FastifyBaseLogger,
): Promise<FileRow> {
  const { size } = await stat(tmp);
  if (size > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
  const ext = await sniff(tmp, originalName);
  const accepted = ACCEPT[purpose];
  if (!ext || !accepted.includes(ext)) throw new AppError('FILE_TYPE_NOT_ALLOWED', accepted.join(', '));
  const named = /\.([^.]+)$/.exec(originalName)?.[1]?.toLowerCase();
  if (named && (SAME_TYPE[named] ?? named) !== (SAME_TYPE[ext] ?? ext))
    throw new AppError('FILE_CONTENT_MISMATCH');
  if ((ext === 'docx' || ext === 'xlsx') && (await zipProblem(tmp))) throw new AppError('UNSAFE_ARCHIVE');
  const mimeType = MIME[ext] ?? 'application/octet-stream';
  const storedName = randomUUID();
  await ctx.fileStore.put(
    storedName,
    { path: tmp, size, ...(md5 ? { md5 } : {}) },
    { contentType: mimeType },
  );
  try {
    const [row] = await ctx.database.db
      .insert(files)
      .values({
        id: randomUUID(),
        ownerId,
        purpose,
        isPublic: PUBLIC_PURPOSES.includes(purpose),
        originalName,
        storedName,
        mimeType,
        size,
      })
      .returning();
    return row!;
  } catch (err) {
    await ctx.fileStore.delete(storedName).catch((e: unknown) => {
      log.error({ err: e, storedName }, 'an upload whose row failed could not be removed from the store');
    });
    throw err;
  }
}
