import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../../shared/src/store/language-cookie.ts';
import { API_URL, BASE_URL, DATA_DIR_ENV } from './site.ts';

/** The seeded demo accounts (api/README.md). */
export const DEMO_PASSWORD = 'Bawaba2026!';
export const DEMO = {
  admin: 'admin@bawaba.qa',
  owner: 'owner@bawaba.qa',
  /** A second member of the owner's company, with the buyer role. */
  buyer: 'buyer@bawaba.qa',
  bidder: 'bidder@bawaba.qa',
} as const;

export interface AuthResult {
  accessToken: string;
  user: { id: number; name: string; isAdmin: boolean; imageUrl?: string | null };
}

/** Sign in through the API (not the UI): for tests whose subject is something else. */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<AuthResult> {
  const response = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: AuthResult }).data;
}

/** Call the API as a signed-in user. */
export async function apiCall<T>(
  token: string | null,
  method: string,
  pathname: string,
  body?: unknown,
  /** The answer's language (names of the catalog, messages), as the site asks for it. */
  language?: Lang,
): Promise<T> {
  const response = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${pathname}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export type Lang = 'en' | 'ar';

/** What the shell keeps of a session in storage (AuthResult, or the answer of another API process). */
export interface StoredSession {
  accessToken: string;
  user: unknown;
}

let initScripts = 0;
/** The language each page was given (by this call or an earlier one on the same page). */
const pageLanguage = new WeakMap<Page, Lang>();
/**
 * Put a session (or none: `null`) and a language (optional) in the page's storage before the site loads; the
 * shell reads token, user and language from there. Applied once per tab: a reload or a later navigation keeps
 * whatever the page changed since (a sign-out, a language switch). Several calls on one page add up.
 * A signed-in user of a page in a language has chosen it (as the language switch stores it, PATCH /users/me): the
 * API writes their mails and live notifications in the stored language, not in the one each call is sent in.
 */
export async function useSession(page: Page, auth: StoredSession | null, lang?: Lang): Promise<void> {
  if (lang) pageLanguage.set(page, lang);
  if (auth) {
    // A token the API does not know (made up, revoked, another database's) is left as it is.
    await fetch(`${API_URL}/users/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${auth.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: pageLanguage.get(page) ?? 'en' }),
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
  }
  // The session's navigation cookie, as signing in through the site sets it: the server renders the test's pages for
  // this person (docs/security.md "The navigation cookie").
  if (auth) await addNavigationCookie(page, auth.accessToken);
  // The language is also the cookie the server renders pages in (shared/src/store/session.ts writes it), so the first
  // page of a test is rendered on the server in the test's language and hydrated.
  if (lang) await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: BASE_URL }]);
  const once = `e2e-session-${initScripts++}`;
  await page.addInitScript(
    ([key, a, l]) => {
      if (sessionStorage.getItem(key)) return;
      if (a) {
        localStorage.setItem('token', a.accessToken);
        localStorage.setItem('user', JSON.stringify(a.user));
      }
      if (l) localStorage.setItem('language', l);
      sessionStorage.setItem(key, '1');
    },
    [once, auth, lang ?? null] as const,
  );
}

/** The navigation cookie of the session of `accessToken` (POST /auth/navigation), in the page's browser. */
async function addNavigationCookie(page: Page, accessToken: string): Promise<void> {
  const response = await fetch(`${API_URL}/auth/navigation`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(5000),
  }).catch(() => null);
  // A token the API does not know gets no cookie (tests of a made-up or revoked token).
  const cookie = response?.ok
    ? response.headers.getSetCookie().find((c) => c.startsWith('__Host-bawaba-nav='))
    : undefined;
  if (!cookie) return;
  const value = cookie.slice('__Host-bawaba-nav='.length).split(';')[0] ?? '';
  // A `__Host-` cookie is host-only with the path `/` (given as such: Chromium refuses one set by a URL on http).
  const host = new URL(BASE_URL).hostname;
  await page.context().addCookies([
    {
      name: '__Host-bawaba-nav',
      value,
      domain: host,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ]);
}

/** Sign in through the API and put that session in the page's storage before it loads. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<AuthResult> {
  const auth = await apiLogin(email, password);
  await useSession(page, auth);
  return auth;
}

/** The newest set-password link mailed to `email` (waits for the outbox file). */
export async function setPasswordLink(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = outbox().filter((m) => m.to === email && m.link?.includes('/set-password'));
    if (mails.length > after) return mails.at(-1)!.link!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no set-password mail for ${email}`);
}

export interface FreshUser extends AuthResult {
  email: string;
  password: string;
}

let registered = 0;
/**
 * A brand-new user named `name` (register → the mailed set-password link → token), with a made-up unique
 * address: data nobody else touches.
 */
export async function registerUser(name: string): Promise<FreshUser> {
  const address = `e2e-${Date.now().toString(36)}-${registered++}-${Math.random().toString(36).slice(2, 6)}@e2e.bawaba.qa`;
  const password = 'Start-Pass-2026';
  await apiCall(null, 'POST', '/auth/register', { name, email: address });
  const verificationToken = new URL(await setPasswordLink(address)).searchParams.get('verificationToken');
  const auth = await apiCall<AuthResult>(null, 'POST', '/auth/set-password', {
    verificationToken,
    newPassword: password,
    confirmPassword: password,
  });
  return { ...auth, email: address, password };
}

/** Mails the API wrote to its dev outbox, newest last (the e2e API runs without SMTP_URL). */
export function outbox(): { to: string; subject: string; text: string; link?: string }[] {
  const dataDir = process.env[DATA_DIR_ENV];
  if (!dataDir) throw new Error('the e2e data dir is unknown (global setup sets it)');
  const dir = path.join(dataDir, 'outbox');
  // No folder yet: no mail was written since the site started (a spec that runs first).
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
}
