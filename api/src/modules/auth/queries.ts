import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { files, users, verificationTokens } from '../../db/schema.ts';

/**
 * The auth domain's reads, in one place (the writes: service.ts). Sessions are read by the platform
 * (lib/auth.ts), which every route's access check uses.
 */

/** The user with this (lower-cased) email, or undefined. */
export async function userByEmail(db: Db | Tx, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u;
}

/** A mailed token by its hash, while it is unused and unexpired (undefined otherwise). */
export async function liveToken(db: Db | Tx, tokenHash: string) {
  const [t] = await db
    .select()
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.tokenHash, tokenHash),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return t;
}

/** The user's own uploaded avatar image, or undefined. */
export async function ownAvatar(db: Db | Tx, userId: number, fileId: string) {
  const [f] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, userId), eq(files.purpose, 'avatar')))
    .limit(1);
  return f;
}
