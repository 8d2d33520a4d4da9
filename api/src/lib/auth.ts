import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Ctx } from '../app.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

const ARGON2ID = 2 as Algorithm;
export const hashPassword = (pw: string) => hash(pw, { algorithm: ARGON2ID });
export const verifyPassword = async (h: string | null, pw: string) => {
  if (!h) return false;
  try {
    return await verify(h, pw);
  } catch {
    return false;
  }
};

export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export type AuthUserRow = typeof users.$inferSelect;
export type Auth = { user: AuthUserRow; sessionId: string };

const key = (secret: string) => new TextEncoder().encode(secret);

export async function createSession(ctx: Ctx, db: Db | Tx, userId: number): Promise<string> {
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.jwtTtlSeconds * 1000);
  await db.insert(sessions).values({ id: sid, userId, expiresAt });
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx.config.jwtSecret));
}

const AUTH = Symbol('auth');
type WithAuth = FastifyRequest & { [AUTH]?: Promise<Auth | null> };

async function resolveAuth(ctx: Ctx, req: FastifyRequest): Promise<Auth | null> {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  if (!m?.[1]) return null;
  try {
    const { payload } = await jwtVerify(m[1], key(ctx.config.jwtSecret), { algorithms: ['HS256'] });
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    const uid = Number(payload.sub);
    if (!sid || !Number.isInteger(uid)) return null;
    const rows = await ctx.database.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sid),
          eq(sessions.userId, uid),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    const row = rows[0];
    return row ? { user: row.user, sessionId: sid } : null;
  } catch {
    return null;
  }
}

/** The caller, or null (an invalid or revoked token counts as anonymous here). */
export function optionalAuth(ctx: Ctx, req: FastifyRequest): Promise<Auth | null> {
  const r = req as WithAuth;
  r[AUTH] ??= resolveAuth(ctx, req);
  return r[AUTH];
}

export async function requireAuth(ctx: Ctx, req: FastifyRequest): Promise<Auth> {
  const a = await optionalAuth(ctx, req);
  if (!a) throw new AppError(req.headers.authorization ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
  return a;
}

export async function requireAdmin(ctx: Ctx, req: FastifyRequest): Promise<Auth> {
  const a = await requireAuth(ctx, req);
  if (!a.user.isAdmin) throw new AppError('ADMIN_ONLY');
  return a;
}

export async function requireNonAdmin(ctx: Ctx, req: FastifyRequest): Promise<Auth> {
  const a = await requireAuth(ctx, req);
  if (a.user.isAdmin) throw new AppError('FORBIDDEN');
  return a;
}

export async function publicUser(db: Db | Tx, u: AuthUserRow) {
  const c = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.ownerId, u.id))
    .limit(1);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    isAdmin: u.isAdmin,
    imageUrl: u.imageUrl,
    companyName: c[0]?.name ?? null,
    hasCompany: c.length > 0,
  };
}
