import type { CredentialBody } from '@bawaba/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { companyCredentials, files } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { CREDENTIAL_NOTICES } from './notifications.ts';
import {
  type CredentialWithCompany,
  type CredentialWithFile,
  credentialsOfCompany,
  credentialWithCompany,
} from './queries.ts';

type Body = v.InferOutput<typeof CredentialBody>;

/**
 * When a credential stops counting: the end of its expiry day in Qatar (UTC+3, no daylight saving), so it is valid
 * through the date written on it.
 */
const expiryOf = (expiresOn: string): Date =>
  new Date(Date.parse(`${expiresOn.slice(0, 10)}T00:00:00+03:00`) + 86_400_000);

/** The credentials of the caller's company (its administrators: the route's access). */
export function myCredentials(ctx: Ctx, a: Auth): Promise<CredentialWithFile[]> {
  return credentialsOfCompany(ctx.database.db, a.company!.id);
}

/**
 * A new credential of the caller's company, pending an admin's verification: its document is the caller's own
 * upload of purpose `credential-document`, and it must not have expired already.
 */
export async function uploadCredential(
  ctx: Ctx,
  a: Auth,
  b: Body,
  now = new Date(),
): Promise<CredentialWithFile> {
  const companyId = a.company!.id;
  const expiresAt = expiryOf(b.expiresOn);
  if (expiresAt <= now) throw new AppError('CREDENTIAL_EXPIRED');
  const id = await inTx(ctx, async (tx) => {
    const [file] = await tx
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.id, b.fileId),
          eq(files.ownerId, a.user.id),
          inArray(files.purpose, ['credential-document']),
        ),
      );
    if (!file) throw new AppError('INVALID_FILE_REFERENCE', 'fileId');
    const [row] = await tx
      .insert(companyCredentials)
      .values({
        companyId,
        uploadedBy: a.user.id,
        kind: b.kind,
        title: b.title,
        issuer: b.issuer,
        issuedOn: b.issuedOn.slice(0, 10),
        expiresOn: b.expiresOn.slice(0, 10),
        expiresAt,
        fileId: file.id,
      })
      .returning({ id: companyCredentials.id });
    return row!.id;
  });
  const rows = await credentialsOfCompany(ctx.database.db, companyId);
  return rows.find((r) => r.id === id)!;
}

/**
 * An admin's decision on a pending credential: verified (a badge until it expires; refused once it has expired) or
 * rejected with a reason. Under the row's lock, so of two admins deciding at once the second is refused; recorded in
 * the audit log and told to the company's administrators in the same transaction.
 */
export async function decideCredential(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  decision: 'verify' | 'reject',
  reason: string | null,
  now = new Date(),
): Promise<CredentialWithCompany> {
  await inTx(ctx, async (tx, after) => {
    const [c] = await tx.select().from(companyCredentials).where(eq(companyCredentials.id, id)).for('update');
    if (!c) throw new AppError('CREDENTIAL_NOT_FOUND');
    if (c.status !== 'pending') throw new AppError('CREDENTIAL_NOT_PENDING');
    if (decision === 'verify' && c.expiresAt <= now) throw new AppError('CREDENTIAL_EXPIRED');
    const [u] = await tx
      .update(companyCredentials)
      .set(
        decision === 'verify'
          ? { status: 'verified', verifiedAt: now, decidedBy: admin.user.id, updatedAt: now }
          : { status: 'rejected', rejectionReason: reason, decidedBy: admin.user.id, updatedAt: now },
      )
      .where(eq(companyCredentials.id, id))
      .returning();
    await recordAdminAction(tx, admin, {
      action: decision === 'verify' ? 'credential.verify' : 'credential.reject',
      target: { type: 'credential', id: c.id, label: c.title },
      reason,
      details: { companyId: c.companyId, kind: c.kind, expiresOn: c.expiresOn },
    });
    const notice =
      decision === 'verify' ? CREDENTIAL_NOTICES.verified(u!) : CREDENTIAL_NOTICES.rejected(u!, reason ?? '');
    await notify(ctx, tx, after, noticeTo(await concerned(tx, { companyId: c.companyId }, 'admin'), notice));
  });
  return (await credentialWithCompany(ctx.database.db, id))!;
}
