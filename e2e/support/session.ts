import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_URL, DATA_DIR_ENV } from './site.ts';

/** The seeded demo accounts (api/README.md). */
export const DEMO_PASSWORD = 'Bawaba2026!';
export const DEMO = {
  admin: 'admin@bawaba.qa',
  owner: 'owner@bawaba.qa',
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
): Promise<T> {
  const response = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${pathname}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Put a session in the page's storage before it loads (the shell reads token and user from there). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<AuthResult> {
  const auth = await apiLogin(email, password);
  await page.addInitScript((a) => {
    if (!sessionStorage.getItem('e2e-session-set')) {
      localStorage.setItem('token', a.accessToken);
      localStorage.setItem('user', JSON.stringify(a.user));
      sessionStorage.setItem('e2e-session-set', '1');
    }
  }, auth);
  return auth;
}

/** Mails the API wrote to its dev outbox, newest last (the e2e API runs without SMTP_URL). */
export function outbox(): { to: string; subject: string; text: string; link?: string }[] {
  const dataDir = process.env[DATA_DIR_ENV];
  if (!dataDir) throw new Error('the e2e data dir is unknown (global setup sets it)');
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
}
