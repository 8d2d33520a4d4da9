import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AuthResponse,
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
import {
  type NavigationCookie,
  navigationCookie,
  navigationSession,
  presentedNavigation,
} from './navigation.ts';

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
 * The caller: their account, their session (and when it ends), and the company the session acts for with their
 * roles in it (null: no active company, or no longer a member of it).
 */
export type Auth = {
  user: AuthUserRow;
  sessionId: string;
  sessionExpiresAt: Date;
  company: ActiveCompany | null;
};
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
  return (await startSession(ctx, db, userId, companyId)).accessToken;
}

async function startSession(ctx: Ctx, db: Db | Tx, userId: number, companyId?: number | null) {
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.jwtTtlSeconds * 1000);
  const company = companyId === undefined ? await firstMembership(db, userId) : companyId;
  await db.insert(sessions).values({ id: sid, userId, expiresAt, companyId: company });
  const accessToken = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx.config.jwtSecret));
  return { accessToken, sid, expiresAt };
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

/** Which credential a cached session was found by: an entry answers only a credential of the same kind. */
type CredentialKind = 'bearer' | 'navigation';
type CacheEntry = { auth: Auth; uid: number; until: number; kind: CredentialKind };

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

  get(token: string, kind: CredentialKind, now: number): Auth | null {
    if (!this.usable(now)) return null;
    const e = this.entries.get(token);
    if (!e || e.kind !== kind) return null;
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
 * The credential a request presents: the bearer token of its Authorization header (none when the header is there
 * but malformed), else the navigation cookie when it may count (lib/navigation.ts: a page render's GET or HEAD).
 */
function credentialOf(req: FastifyRequest): { token: string; kind: CredentialKind } | null {
  if (req.headers.authorization !== undefined) {
    const token = bearerToken(req.headers.authorization);
    return token ? { token, kind: 'bearer' } : null;
  }
  const cookie = presentedNavigation(req);
  return cookie ? { token: cookie, kind: 'navigation' } : null;
}

/**
 * The caller when it is known without a lookup: null for no credential (or a malformed Authorization header), the
 * session of a credential in the session cache, or undefined when it must be checked (then use `optionalAuth`).
 * Gives what `optionalAuth` would give for the same request, without a promise (the directory answers a cached
 * page at once).
 */
export function knownAuth(ctx: Ctx, req: FastifyRequest): Auth | null | undefined {
  const credential = credentialOf(req);
  if (!credential) return null;
  const cache = cacheOf(ctx);
  const hit = cache.get(credential.token, credential.kind, Date.now());
  if (!hit) return undefined;
  cache.hits++;
  return hit;
}

/**
 * The session a credential names, its signature and expiry checked: an access token has no audience (a token
 * with one — the navigation cookie — is refused as a bearer token); a navigation cookie has its own.
 */
async function claimedSession(
  ctx: Ctx,
  credential: { token: string; kind: CredentialKind },
): Promise<{ sid: string; uid: number; exp: number } | null> {
  if (credential.kind === 'navigation') return navigationSession(ctx.config.jwtSecret, credential.token);
  try {
    const { payload } = await jwtVerify(credential.token, key(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
    });
    const uid = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(uid) || payload.aud !== undefined) return null;
    return {
      sid: payload.sid,
      uid,
      exp: typeof payload.exp === 'number' ? payload.exp : Number.POSITIVE_INFINITY,
    };
  } catch {
    return null;
  }
}

async function resolveAuth(ctx: Ctx, req: FastifyRequest): Promise<Auth | null> {
  const known = knownAuth(ctx, req);
  if (known !== undefined) return known;
  const credential = credentialOf(req);
  if (!credential) return null;
  const cache = cacheOf(ctx);
  cache.misses++;
  const epoch = cache.epoch;
  try {
    const claimed = await claimedSession(ctx, credential);
    if (!claimed) return null;
    const { sid, uid } = claimed;
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
    const auth: Auth = { user: row.user, sessionId: sid, sessionExpiresAt: row.expiresAt, company };
    const until = Math.min(Date.now() + SESSION_CACHE_TTL_MS, row.expiresAt.getTime(), claimed.exp * 1000);
    cache.set(credential.token, { auth, uid, until, kind: credential.kind }, epoch);
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
 * Where a new session's answer carries its navigation cookie (lib/navigation.ts): a symbol key, so it is never part
 * of the JSON; the route layer (route.ts) sets the cookie from it on the same answer.
 */
const NAVIGATION = Symbol('navigation');
type SignedIn = AuthResponse & { [NAVIGATION]: NavigationCookie };

/** The navigation cookie a handler's answer carries (a new session's), if any. */
export function navigationOf(data: unknown): NavigationCookie | undefined {
  return typeof data === 'object' && data !== null && NAVIGATION in data
    ? (data as SignedIn)[NAVIGATION]
    : undefined;
}

/** The navigation cookie of the caller's current session (POST /auth/navigation). */
export const sessionNavigation = (ctx: Ctx, a: Auth): Promise<NavigationCookie> =>
  navigationCookie(ctx.config.jwtSecret, { sid: a.sessionId, uid: a.user.id, expiresAt: a.sessionExpiresAt });

/**
 * A new session for the user (acting for `companyId`; left out: their oldest membership) and its answer, with the
 * session's navigation cookie. Every way in (sign-in, a mailed password link, joining by invitation, switching
 * company) comes here: a suspended account gets no session, and every new session gets its cookie.
 */
export async function signedIn(
  ctx: Ctx,
  db: Db | Tx,
  u: AuthUserRow,
  companyId?: number | null,
): Promise<SignedIn> {
  if (u.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  const company = companyId === undefined ? await firstMembership(db, u.id) : companyId;
  const session = await startSession(ctx, db, u.id, company);
  const navigation = await navigationCookie(ctx.config.jwtSecret, {
    sid: session.sid,
    uid: u.id,
    expiresAt: session.expiresAt,
  });
  return {
    accessToken: session.accessToken,
    user: await publicUser(db, u, company),
    [NAVIGATION]: navigation,
  };
}

/** Every group's choice: a group the user never chose gets email. */
function emailPrefsOf(stored: Partial<Record<string, boolean>>): EmailPrefs {
  return Object.fromEntries(NOTICE_GROUPS.map((g) => [g, stored[g] !== false])) as EmailPrefs;
}
