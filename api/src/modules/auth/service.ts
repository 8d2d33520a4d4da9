import type {
  AuthResponse,
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  SetPasswordBody,
  UpdateProfileBody,
} from '@bawaba/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users, verificationTokens } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import {
  type Auth,
  hashPassword,
  publicUser,
  randomToken,
  sha256,
  signedIn,
  verifyPassword,
} from '../../lib/auth.ts';
import { filePath } from '../../lib/fileurl.ts';
import { inTx } from '../../lib/tx.ts';
import { AUTH_MAILS } from './mails.ts';
import { liveToken, ownAvatar, userByEmail } from './queries.ts';
import type { AccountThrottle } from './throttle.ts';

/**
 * The account rules: registration and forgot-password answer the same whether or not the email is known (no
 * account enumeration); a mailed token sets a password once, within TOKEN_TTL_MS; a new or changed password ends
 * every earlier session; sign-in costs the same for an unknown email as for a wrong password. The reads are in
 * queries.ts.
 */

const TOKEN_TTL_MS = 48 * 3600 * 1000;
type UserRow = typeof users.$inferSelect;
type In<S extends v.GenericSchema> = v.InferOutput<S>;

// A fixed hash so that unknown emails cost the same as known ones at login.
let dummyHash: Promise<string> | null = null;
/** Hashed once at start, so the first unknown email costs the same as the others. */
export function prepareDummyHash() {
  dummyHash ??= hashPassword('not-a-real-password');
}

const setPasswordLink = (ctx: Ctx, token: string) =>
  ctx.site(`/set-password?verificationToken=${encodeURIComponent(token)}`);

/**
 * A new account's language (the one its mails use) is the site's language at registration (`language`, from the
 * call's Accept-Language); afterwards only the user changes it (PATCH /users/me, sent by the language switch).
 */
export async function register(ctx: Ctx, body: In<typeof RegisterBody>, language: Lang): Promise<void> {
  const email = body.email.toLowerCase();
  const token = randomToken();
  const created = await inTx(ctx, async (tx) => {
    if (await userByEmail(tx, email)) return null;
    const [u] = await tx.insert(users).values({ name: body.name, email, language }).returning();
    if (!u) throw new AppError('INTERNAL');
    // No company here: one is created only with its complete profile, services included (PUT /companies/mine),
    // so no admin is ever shown a company that cannot be approved. `companyName` from older forms is not used.
    await keepToken(tx, u.id, 'verify', token);
    return u;
  });
  if (created) await ctx.mailer.send(AUTH_MAILS.welcome(email, body.name, setPasswordLink(ctx, token)));
}

/** Keeps a mailed token's hash (the token itself is only in the mail), valid for TOKEN_TTL_MS. */
async function keepToken(db: Db | Tx, userId: number, purpose: 'verify' | 'reset', token: string) {
  await db.insert(verificationTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  });
}

/**
 * Sends the registration mail again (a new link to set a first password; the earlier links stay valid until they
 * expire), for an account not verified yet: the caller checked that, inside `tx`, which keeps the new token.
 */
export async function mailVerificationAgain(ctx: Ctx, tx: Tx, u: Pick<UserRow, 'id' | 'email' | 'name'>) {
  const token = randomToken();
  await keepToken(tx, u.id, 'verify', token);
  return () => ctx.mailer.send(AUTH_MAILS.welcome(u.email, u.name, setPasswordLink(ctx, token)));
}

export async function forgotPassword(ctx: Ctx, body: In<typeof ForgotPasswordBody>): Promise<void> {
  const email = body.email.toLowerCase();
  const u = await userByEmail(ctx.database.db, email);
  if (!u) return;
  const token = randomToken();
  await keepToken(ctx.database.db, u.id, 'reset', token);
  await ctx.mailer.send(AUTH_MAILS.reset(email, setPasswordLink(ctx, token)));
}

/** Revokes every open session of the user (in the transaction). */
async function endSessions(tx: Tx, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sets the password of a mailed token (once), ends the user's earlier sessions and starts a new one. */
export async function setPassword(ctx: Ctx, body: In<typeof SetPasswordBody>): Promise<AuthResponse> {
  const hashed = await hashPassword(body.newPassword);
  return inTx(ctx, async (tx) => {
    const t = await liveToken(tx, sha256(body.verificationToken));
    if (!t) throw new AppError('INVALID_VERIFICATION_TOKEN');
    await tx
      .update(verificationTokens)
      .set({ usedAt: new Date() })
      .where(eq(verificationTokens.tokenHash, t.tokenHash));
    const [u] = await tx
      .update(users)
      .set({ passwordHash: hashed, verified: true })
      .where(eq(users.id, t.userId))
      .returning();
    if (!u) throw new AppError('INVALID_VERIFICATION_TOKEN');
    // A new password ends every earlier session.
    await endSessions(tx, u.id);
    return signedIn(ctx, tx, u);
  });
}

/** Signs in: the per-account throttle first, and the same cost for an unknown email as for a wrong password. */
export async function login(
  ctx: Ctx,
  perAccount: AccountThrottle,
  body: In<typeof LoginBody>,
): Promise<AuthResponse> {
  const email = body.email.toLowerCase();
  const account = sha256(email);
  // Counted now (a failure stays counted; a success clears it), so parallel guesses cannot all pass the check.
  const attempt = await perAccount.attempt(account);
  if (!attempt.allowed) {
    throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(attempt.retryAfterSeconds) });
  }
  const u = await userByEmail(ctx.database.db, email);
  if (!u?.passwordHash) {
    prepareDummyHash();
    await verifyPassword(await dummyHash!, body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(u.passwordHash, body.password))) throw new AppError('INVALID_CREDENTIALS');
  await perAccount.clear(account);
  return signedIn(ctx, ctx.database.db, u);
}

export async function logout(ctx: Ctx, a: Auth): Promise<void> {
  await ctx.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, a.sessionId));
}

/** A new password after the current one is checked; every session ends and a new one starts. */
export async function changePassword(
  ctx: Ctx,
  a: Auth,
  body: In<typeof ChangePasswordBody>,
): Promise<AuthResponse> {
  if (!(await verifyPassword(a.user.passwordHash, body.currentPassword)))
    throw new AppError('WRONG_PASSWORD');
  const hashed = await hashPassword(body.newPassword);
  return inTx(ctx, async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ passwordHash: hashed })
      .where(eq(users.id, a.user.id))
      .returning();
    await endSessions(tx, a.user.id);
    // The new session acts for the same company as the one that changed the password.
    return signedIn(ctx, tx, u ?? a.user, a.company?.id ?? null);
  });
}

/** The caller's name and photo (an uploaded avatar of theirs, or null to remove it). */
export async function updateProfile(
  ctx: Ctx,
  a: Auth,
  body: In<typeof UpdateProfileBody>,
): Promise<AuthUser> {
  const db = ctx.database.db;
  const patch: PgUpdateSetSource<typeof users> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.language !== undefined) patch.language = body.language;
  if (body.emailPrefs !== undefined) {
    // Only the groups the body names, merged into the stored choices in the statement itself (a group left out
    // of the body — absent, or present as undefined after parsing — keeps its choice, whatever a parallel call did).
    const named = Object.entries(body.emailPrefs).filter(([, on]) => typeof on === 'boolean');
    if (named.length > 0)
      patch.emailPrefs = sql`${users.emailPrefs} || ${JSON.stringify(Object.fromEntries(named))}::jsonb`;
  }
  if (body.displayPrefs !== undefined) {
    // Merged in the statement, like the email choices: a choice left out keeps its value.
    const named = Object.entries(body.displayPrefs).filter(([, choice]) => typeof choice === 'string');
    if (named.length > 0)
      patch.displayPrefs = sql`${users.displayPrefs} || ${JSON.stringify(Object.fromEntries(named))}::jsonb`;
  }
  if (body.imageFileId === null) patch.imageUrl = null;
  else if (body.imageFileId !== undefined) {
    const f = await ownAvatar(db, a.user.id, body.imageFileId);
    if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'imageFileId');
    patch.imageUrl = ctx.apiUrl(filePath(f.id, f.mimeType));
  }
  let u: UserRow = a.user;
  if (Object.keys(patch).length > 0) {
    const [row] = await db.update(users).set(patch).where(eq(users.id, a.user.id)).returning();
    // The session cache holds this user object: keep it true for the caller's next requests.
    if (row) u = Object.assign(a.user, row);
  }
  return publicUser(db, u, a.company?.id ?? null);
}
