import {
  AuthResponse,
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  Ok,
  RegisterBody,
  SetPasswordBody,
  UpdateProfileBody,
} from '@bawaba/shared/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Module } from '../context.ts';
import { companies, files, sessions, users, verificationTokens } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parse } from '../http.ts';
import {
  createSession,
  hashPassword,
  publicUser,
  randomToken,
  requireAuth,
  sha256,
  verifyPassword,
} from '../lib/auth.ts';
import { filePath } from '../lib/fileurl.ts';
import { linkMail } from '../lib/mail.ts';
import { inTx } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

const TOKEN_TTL_MS = 48 * 3600 * 1000;

/**
 * Failed sign-ins per account, in this process: after `max` failures within the window every attempt on that
 * email is answered 429 — the right password too, or the 429 would tell a guesser when the password is right.
 * Unknown emails are counted the same way, so the answer does not reveal whether an account exists.
 * Keyed by a hash of the email; a success clears the count. (Per IP limits are @fastify/rate-limit's.)
 */
function accountThrottle(max: number, windowMs: number) {
  const failures = new Map<string, { count: number; until: number }>();
  const now = () => Date.now();
  return {
    blocked(key: string): boolean {
      const f = failures.get(key);
      if (f && f.until <= now()) failures.delete(key);
      return (failures.get(key)?.count ?? 0) >= max;
    },
    fail(key: string) {
      const f = failures.get(key);
      if (f && f.until > now()) f.count++;
      else failures.set(key, { count: 1, until: now() + windowMs });
      // Bounded memory under a spray of random emails: forget the oldest entries.
      if (failures.size > 100_000) for (const k of [...failures.keys()].slice(0, 10_000)) failures.delete(k);
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
}
// A fixed hash so that unknown emails cost the same as known ones at login.
let dummyHash: Promise<string> | null = null;

export const authModule: Module = (app, ctx) => {
  const rl = (max: number) => ({ rateLimit: { max, timeWindow: ctx.config.rateLimits.windowMs } });
  // Hashed once at start, so the first unknown email costs the same as the others.
  dummyHash ??= hashPassword('not-a-real-password');
  const perAccount = accountThrottle(
    ctx.config.rateLimits.loginPerAccount ?? 5,
    ctx.config.rateLimits.windowMs,
  );

  app.post(
    '/auth/register',
    {
      config: rl(ctx.config.rateLimits.register),
      schema: doc('auth', 'Register (sends a verification mail)', { body: RegisterBody, response: Ok }),
    },
    async (req) => {
      const body = parse(RegisterBody, req.body);
      const email = body.email.toLowerCase();
      const token = randomToken();
      const created = await inTx(ctx, async (tx) => {
        const existing = await tx.select().from(users).where(eq(users.email, email)).limit(1);
        if (existing[0]) return null;
        const [u] = await tx.insert(users).values({ name: body.name, email }).returning();
        if (!u) throw new AppError('INTERNAL');
        if (body.companyName) {
          await tx.insert(companies).values({ name: body.companyName, ownerId: u.id, status: 'pending' });
        }
        await tx.insert(verificationTokens).values({
          tokenHash: sha256(token),
          userId: u.id,
          purpose: 'verify',
          expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
        });
        return u;
      });
      if (created) {
        const link = ctx.site(`/set-password?verificationToken=${encodeURIComponent(token)}`);
        await ctx.mailer.send(
          linkMail(
            email,
            'Welcome to Bawaba — set your password',
            `Hello ${body.name}, welcome to Bawaba. Open this link to set your password:`,
            'مرحباً بك في بوابة. افتح الرابط لتعيين كلمة المرور.',
            'Set my password',
            link,
          ),
        );
      }
      // The same answer whether or not the email was known.
      return { data: { ok: true } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: rl(ctx.config.rateLimits.forgot),
      schema: doc('auth', 'Forgot password (mail with a set-password link)', {
        body: ForgotPasswordBody,
        response: Ok,
      }),
    },
    async (req) => {
      const body = parse(ForgotPasswordBody, req.body);
      const email = body.email.toLowerCase();
      const [u] = await ctx.database.db.select().from(users).where(eq(users.email, email)).limit(1);
      if (u) {
        const token = randomToken();
        await ctx.database.db.insert(verificationTokens).values({
          tokenHash: sha256(token),
          userId: u.id,
          purpose: 'reset',
          expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
        });
        await ctx.mailer.send(
          linkMail(
            email,
            'Bawaba — reset your password',
            'Open this link to choose a new password:',
            'افتح الرابط لاختيار كلمة مرور جديدة.',
            'Choose a new password',
            ctx.site(`/set-password?verificationToken=${encodeURIComponent(token)}`),
          ),
        );
      }
      return { data: { ok: true } };
    },
  );

  app.post(
    '/auth/set-password',
    {
      schema: doc('auth', 'Set a password with a mailed token', {
        response: AuthResponse,
        body: SetPasswordBody,
      }),
    },
    async (req) => {
      const body = parse(SetPasswordBody, req.body);
      const hashed = await hashPassword(body.newPassword);
      return inTx(ctx, async (tx) => {
        const [t] = await tx
          .select()
          .from(verificationTokens)
          .where(
            and(
              eq(verificationTokens.tokenHash, sha256(body.verificationToken)),
              isNull(verificationTokens.usedAt),
              gt(verificationTokens.expiresAt, new Date()),
            ),
          )
          .limit(1);
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
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
        const accessToken = await createSession(ctx, tx, u.id);
        return { data: { accessToken, user: await publicUser(tx, u) } };
      });
    },
  );

  app.post(
    '/auth/login',
    {
      config: rl(ctx.config.rateLimits.login),
      schema: doc('auth', 'Sign in', { response: AuthResponse, body: LoginBody }),
    },
    async (req) => {
      const body = parse(LoginBody, req.body);
      const email = body.email.toLowerCase();
      const account = sha256(email);
      if (perAccount.blocked(account)) throw new AppError('RATE_LIMITED');
      const [u] = await ctx.database.db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!u?.passwordHash) {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(await dummyHash, body.password);
        perAccount.fail(account);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(u.passwordHash, body.password))) {
        perAccount.fail(account);
        throw new AppError('INVALID_CREDENTIALS');
      }
      perAccount.clear(account);
      const accessToken = await createSession(ctx, ctx.database.db, u.id);
      return { data: { accessToken, user: await publicUser(ctx.database.db, u) } };
    },
  );

  app.post(
    '/auth/logout',
    { schema: doc('auth', 'Sign out (revokes this session)', { response: Ok, auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      await ctx.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, a.sessionId));
      return { data: { ok: true } };
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: rl(ctx.config.rateLimits.login),
      schema: doc('auth', 'Change password (revokes other sessions)', {
        body: ChangePasswordBody,
        response: AuthResponse,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const body = parse(ChangePasswordBody, req.body);
      if (!(await verifyPassword(a.user.passwordHash, body.currentPassword)))
        throw new AppError('WRONG_PASSWORD');
      const hashed = await hashPassword(body.newPassword);
      return inTx(ctx, async (tx) => {
        const [u] = await tx
          .update(users)
          .set({ passwordHash: hashed })
          .where(eq(users.id, a.user.id))
          .returning();
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, a.user.id), isNull(sessions.revokedAt)));
        const accessToken = await createSession(ctx, tx, a.user.id);
        return { data: { accessToken, user: await publicUser(tx, u ?? a.user) } };
      });
    },
  );

  app.get(
    '/users/me',
    { schema: doc('users', 'My profile', { response: AuthUser, auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await publicUser(ctx.database.db, a.user) };
    },
  );

  app.patch(
    '/users/me',
    {
      schema: doc('users', 'Update my name and photo', {
        response: AuthUser,
        body: UpdateProfileBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const body = parse(UpdateProfileBody, req.body);
      const patch: Partial<typeof users.$inferInsert> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.imageFileId === null) patch.imageUrl = null;
      else if (body.imageFileId !== undefined) {
        const [f] = await ctx.database.db
          .select()
          .from(files)
          .where(
            and(eq(files.id, body.imageFileId), eq(files.ownerId, a.user.id), eq(files.purpose, 'avatar')),
          )
          .limit(1);
        if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'imageFileId');
        patch.imageUrl = ctx.apiUrl(filePath(f.id, f.mimeType));
      }
      let u = a.user;
      if (Object.keys(patch).length > 0) {
        const [row] = await ctx.database.db
          .update(users)
          .set(patch)
          .where(eq(users.id, a.user.id))
          .returning();
        if (row) u = row;
      }
      return { data: await publicUser(ctx.database.db, u) };
    },
  );
};
