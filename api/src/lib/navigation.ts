import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The navigation cookie (docs/security.md "The navigation cookie"): a second credential of a session, set beside
 * the access token, with which a server that renders pages reads the API on behalf of the browser that asked for
 * the page. It only reads: it counts on a GET or HEAD that has no Authorization header and says it is a page render
 * (`X-Bawaba-Render: 1`); every other request ignores it. It is not an access token: its audience marks it, the
 * Bearer path refuses a token with an audience, and this one accepts nothing but its own.
 */

/** `__Host-`: set only with Secure, Path=/ and no Domain, so no subdomain can set or shadow it. */
const NAVIGATION_COOKIE = '__Host-bawaba-nav';
/** The header a render server sends; a cross-site page cannot make a browser send it without a refused preflight. */
const RENDER_HEADER = 'x-bawaba-render';
const AUDIENCE = 'bawaba:navigation';

/** The cookie's value for a session, and how long it lives (the session's remaining lifetime). */
export type NavigationCookie = { value: string; expiresAt: Date };

const key = (secret: string) => new TextEncoder().encode(secret);

/** The navigation credential of session `sid` of user `uid`, expiring with it. */
export async function navigationCookie(
  secret: string,
  session: { sid: string; uid: number; expiresAt: Date },
): Promise<NavigationCookie> {
  const value = await new SignJWT({ sid: session.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(session.uid))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { value, expiresAt: session.expiresAt };
}

/** The session a navigation cookie names (its signature, audience and expiry checked), or null. */
export async function navigationSession(
  secret: string,
  value: string,
): Promise<{ sid: string; uid: number; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(value, key(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const uid = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(uid) || typeof payload.exp !== 'number')
      return null;
    return { sid: payload.sid, uid, exp: payload.exp };
  } catch {
    return null;
  }
}

/**
 * The navigation cookie a request presents, when it may count: a GET or HEAD, with no Authorization header (a
 * bearer token, even a broken one, is the only credential then), that says it is a page render. Every write ignores it.
 */
export function presentedNavigation(req: FastifyRequest): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization !== undefined || req.headers[RENDER_HEADER] !== '1') return undefined;
  // Parsed here, only for a render (app.ts registers @fastify/cookie without its parse of every request).
  const header = req.headers.cookie;
  return header ? req.server.parseCookie(header)[NAVIGATION_COOKIE] || undefined : undefined;
}

/**
 * HttpOnly (no script reads it), Secure (browsers keep Secure cookies from http://localhost too), SameSite=Lax (sent
 * on top-level navigations, not on a cross-site form post or fetch), Path=/ and no Domain (what `__Host-` requires).
 */
const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/** Sets the cookie on the answer, living as long as its session has left; an answer carrying it is never stored. */
export function setNavigationCookie(reply: FastifyReply, cookie: NavigationCookie): void {
  const maxAge = Math.max(0, Math.floor((cookie.expiresAt.getTime() - Date.now()) / 1000));
  reply
    .setCookie(NAVIGATION_COOKIE, cookie.value, { ...ATTRIBUTES, maxAge })
    .header('cache-control', 'no-store');
}

/** Removes the cookie from the browser (an expired one with the same attributes: `__Host-` needs them to match). */
export function clearNavigationCookie(reply: FastifyReply): void {
  reply.clearCookie(NAVIGATION_COOKIE, ATTRIBUTES);
}
