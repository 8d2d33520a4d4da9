import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AuthUser,
  type EmailPrefs,
  MEMBER_ROLES,
  type MemberRole,
  NOTICE_GROUPS,
} from '@bawaba/shared/contracts';
import { readDisplayPrefs } from '@bawaba/shared/rules';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Ctx } from '../context.ts';
import type { AuthEvents, Db, Tx } from '../db/client.ts';
import { companies, companyMembers, sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nameFor, nameIn } from './localize.ts';

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
/**
 * The caller: their account, their session, and the company the session acts for with their roles in it (null:
 * no active company, or no longer a member of it).
 */
export type Auth = { user: AuthUserRow; sessionId: string; company: ActiveCompany | null };
export type ActiveCompany = { id: number; roles: MemberRole[] };

/**
 * Whose a record the caller writes is and who wrote it: the company their session acts for (null: the person as
 * themselves) and the person (docs/decisions/0011-organisations.md).
 */
export type Acting = { companyId: number | null; actedByUserId: number };
export const actingFor = (a: Auth): Acting => ({
  companyId: a.company?.id ?? null,
  actedByUserId: a.user.id,
});

const isMemberRole = (r: string): r is MemberRole => (MEMBER_ROLES as readonly string[]).includes(r);

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Starts a session acting for `companyId` (null: for no company; left out: the user's oldest membership) and
 * answers its token.
 */
export async function createSession(
  ctx: Ctx,
  db: Db | Tx,
  userId: number,
  companyId?: number | null,
): Promise<string> {
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.jwtTtlSeconds * 1000);
  const company = companyId === undefined ? await firstMembership(db, userId) : companyId;
  await db.insert(sessions).values({ id: sid, userId, expiresAt, companyId: company });
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx.config.jwtSecret));
}

/** The company a new session of the user starts in: the one they joined first (null: none). */
async function firstMembership(db: Db | Tx, userId: number): Promise<number | null> {
  const [m] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId))
    .limit(1);
  return m?.companyId ?? null;
}

const AUTH = Symbol('auth');
type WithAuth = FastifyRequest & { [AUTH]?: Promise<Auth | null> };

/**
 * Session cache: a valid token's session check (the sessions ⋈ users query) is kept in this process for a few
 * seconds, so a signed-in call costs no database round trip. Revocation stays immediate:
 * - database triggers (drizzle/0002) announce every change of a session or user row on LISTEN/NOTIFY
 *   (`database.auth` events), whoever made it, and every process drops the matching entries when it hears it;
 * - while this process itself writes sessions/users (logout, password change, profile), the cache is cleared
 *   and not used for a moment, so its next call cannot beat its own trigger message;
 * - if the listening connection is lost, the cache is off until it is back (then it starts empty).
 * Entries never outlive the token's `exp` nor the session's `expires_at`.
 */
const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX = 10_000;
/** How long a local write to sessions/users turns the cache off (covers commit + its own trigger message). */
const LOCAL_WRITE_BYPASS_MS = 1_000;

type CacheEntry = { auth: Auth; uid: number; until: number };

class SessionCache {
  readonly entries = new Map<string, CacheEntry>();
  /** Bumped on every invalidation: a lookup that started before one must not store its (maybe stale) result. */
  epoch = 0;
  bypassUntil = 0;
  listening = true;
  hits = 0;
  misses = 0;

  constructor(events: AuthEvents) {
    events.on((e) => {
      this.epoch++;
      switch (e.type) {
        case 'session':
          for (const [k, v] of this.entries) if (v.auth.sessionId === e.sid) this.entries.delete(k);
          break;
        case 'user':
          for (const [k, v] of this.entries) if (v.uid === e.uid) this.entries.delete(k);
          break;
        case 'write':
          this.entries.clear();
          this.bypassUntil = Date.now() + LOCAL_WRITE_BYPASS_MS;
          break;
        case 'down':
          this.listening = false;
          this.entries.clear();
          break;
        case 'up':
          this.listening = true;
          this.entries.clear();
          break;
      }
    });
  }

  usable(now: number) {
    return this.listening && now >= this.bypassUntil;
  }

  get(token: string, now: number): Auth | null {
    if (!this.usable(now)) return null;
    const e = this.entries.get(token);
    if (!e) return null;
    if (e.until <= now) {
      this.entries.delete(token);
      return null;
    }
    return e.auth;
  }

  set(token: string, entry: CacheEntry, epochAtStart: number) {
    if (this.epoch !== epochAtStart || !this.usable(Date.now())) return;
    if (this.entries.size >= SESSION_CACHE_MAX) {
      // Oldest first (Map keeps insertion order): drop a tenth at once rather than one per insert.
      let n = Math.ceil(SESSION_CACHE_MAX / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n === 0) break;
      }
    }
    this.entries.set(token, entry);
  }
}

const caches = new WeakMap<object, SessionCache>();
function cacheOf(ctx: Ctx): SessionCache {
  let c = caches.get(ctx.database);
  if (!c) {
    c = new SessionCache(ctx.database.auth);
    caches.set(ctx.database, c);
  }
  return c;
}

/** Entries, hits and misses of this process's session cache (tests, bench). */
export function sessionCacheStats(ctx: Ctx) {
  const c = cacheOf(ctx);
  return { size: c.entries.size, hits: c.hits, misses: c.misses };
}

const bearerToken = (h: string | undefined) => (h ? /^Bearer\s+(.+)$/i.exec(h)?.[1] : undefined);

/**
 * The caller when it is known without a lookup: null for no or a malformed Authorization header, the session of a
 * token in the session cache, or undefined when the token must be checked (then use `optionalAuth`). Gives what
 * `optionalAuth` would give for the same request, without a promise (the directory answers a cached page at once).
 */
export function knownAuth(ctx: Ctx, req: FastifyRequest): Auth | null | undefined {
  const token = bearerToken(req.headers.authorization);
  if (!token) return null;
  const cache = cacheOf(ctx);
  const hit = cache.get(token, Date.now());
  if (!hit) return undefined;
  cache.hits++;
  return hit;
}

async function resolveAuth(ctx: Ctx, req: FastifyRequest): Promise<Auth | null> {
  const known = knownAuth(ctx, req);
  if (known !== undefined) return known;
  const token = bearerToken(req.headers.authorization);
  if (!token) return null;
  const cache = cacheOf(ctx);
  cache.misses++;
  const epoch = cache.epoch;
  try {
    const { payload } = await jwtVerify(token, key(ctx.config.jwtSecret), { algorithms: ['HS256'] });
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    const uid = Number(payload.sub);
    if (!sid || !Number.isInteger(uid)) return null;
    const rows = await ctx.database.db
      .select({
        user: users,
        expiresAt: sessions.expiresAt,
        companyId: companyMembers.companyId,
        roles: companyMembers.roles,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The roles are read with the session: a change of membership counts at the next request (the trigger of
      // drizzle/0019 announces it to the session cache).
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.companyId, sessions.companyId), eq(companyMembers.userId, sessions.userId)),
      )
      .where(
        and(
          eq(sessions.id, sid),
          eq(sessions.userId, uid),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          // A suspended person's sessions are revoked with the suspension; this holds for one started in a race.
          isNull(users.suspendedAt),
        ),
      )
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const company =
      row.companyId === null || row.roles === null
        ? null
        : { id: row.companyId, roles: row.roles.filter(isMemberRole) };
    const auth: Auth = { user: row.user, sessionId: sid, company };
    const until = Math.min(
      Date.now() + SESSION_CACHE_TTL_MS,
      row.expiresAt.getTime(),
      typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY,
    );
    cache.set(token, { auth, uid, until }, epoch);
    return auth;
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

/**
 * A member of the session's active company, with `role` when one is named (route access `company`,
 * `company:<role>`): a platform admin is refused like on a `notAdmin` route; the rest are business refusals (409),
 * so a role taken away mid-session does not sign the person out.
 */
export async function requireCompany(
  ctx: Ctx,
  req: FastifyRequest,
  role: MemberRole | null,
): Promise<Auth & { company: ActiveCompany }> {
  const a = await requireNonAdmin(ctx, req);
  if (!a.company) throw new AppError('NO_ACTIVE_COMPANY');
  if (role && !a.company.roles.includes(role)) throw new AppError('COMPANY_ROLE_REQUIRED');
  return a as Auth & { company: ActiveCompany };
}

/**
 * `requireCompany` for a session acting for a company; a session without one passes as the person themselves
 * (route access `company|self`, `company:<role>|self`): their personal records are theirs alone.
 */
export async function requireCompanyOrSelf(
  ctx: Ctx,
  req: FastifyRequest,
  role: MemberRole | null,
): Promise<Auth> {
  const a = await requireNonAdmin(ctx, req);
  if (role && !holdsRole(a, role)) throw new AppError('COMPANY_ROLE_REQUIRED');
  return a;
}

/**
 * Whether the caller may act in `role` on their side's records (a `company:<role>|self` route admits them): a member
 * holding the role in the active company, or a person acting as themselves (their personal records are theirs).
 */
export const holdsRole = (a: Pick<Auth, 'company'>, role: MemberRole): boolean =>
  !a.company || a.company.roles.includes(role);

/**
 * The user as the site shows them: the companies they belong to with their roles, the one `activeCompanyId` names
 * (the session's), and that company's name (`companyName`, in their language when that version is written, with the
 * language it is in) — the top bar and "your company" follow the company switcher.
 */
export async function publicUser(
  db: Db | Tx,
  u: AuthUserRow,
  activeCompanyId: number | null,
): Promise<AuthUser> {
  const lang = u.language === 'ar' ? 'ar' : 'en';
  const memberships = await db
    .select({
      id: companies.id,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
      roles: companyMembers.roles,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, u.id))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId));
  const active = memberships.find((m) => m.id === activeCompanyId);
  const activeName = active ? nameFor(lang, active) : null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    isAdmin: u.isAdmin,
    imageUrl: u.imageUrl,
    companyName: activeName?.name ?? null,
    companyNameLang: activeName?.nameLang ?? null,
    hasCompany: active !== undefined,
    language: lang,
    emailPrefs: emailPrefsOf(u.emailPrefs),
    displayPrefs: readDisplayPrefs(u.displayPrefs),
    companies: memberships.map((m) => ({
      id: m.id,
      name: nameIn(lang, m),
      roles: m.roles.filter(isMemberRole),
    })),
    activeCompanyId: active ? active.id : null,
  };
}

/**
 * A new session for the user (acting for `companyId`; left out: their oldest membership) and its answer. Every way
 * in (sign-in, a mailed password link, joining by invitation, switching company) comes here: a suspended account
 * gets no session.
 */
export async function signedIn(
  ctx: Ctx,
  db: Db | Tx,
  u: AuthUserRow,
  companyId?: number | null,
): Promise<{ accessToken: string; user: AuthUser }> {
  if (u.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  const company = companyId === undefined ? await firstMembership(db, u.id) : companyId;
  const accessToken = await createSession(ctx, db, u.id, company);
  return { accessToken, user: await publicUser(db, u, company) };
}

/** Every group's choice: a group the user never chose gets email. */
function emailPrefsOf(stored: Partial<Record<string, boolean>>): EmailPrefs {
  return Object.fromEntries(NOTICE_GROUPS.map((g) => [g, stored[g] !== false])) as EmailPrefs;
}
