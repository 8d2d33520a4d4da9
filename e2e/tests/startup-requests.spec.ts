/**
 * Start-up asks nothing twice (docs/performance.md): opening a first page — signed out or signed in, in English or
 * Arabic — makes each GET to the site (the host, the remotes, the API) at most once until the page has settled. A
 * duplicate costs a round trip on a slow phone; each has one owner that asks once and shares the answer (the remote
 * map: host/index.html's inline script and host/src/federation/remote-map.ts; the notification list:
 * host/src/notifications/).
 */
import type { Request } from '@playwright/test';
import { type FirstPage, hostPage, remotePage } from '../support/pages.ts';
import { type AuthResult, apiCall, apiLogin, DEMO, type Lang, useSession } from '../support/session.ts';
import { MAIN } from '../support/site.ts';
import { type Browser, expect, test } from '../support/test.ts';

/** The live stream stays open: it is counted (a second one is a duplicate) but never waited for. */
const STREAM = '/api/v1/notification/subscribe';
/** The page has settled when no request started or ended for this long. */
const QUIET_MS = 1500;

const SITE_ORIGINS = new Set([
  `http://localhost:${MAIN.host}`,
  ...Object.values(MAIN.remotes).map((port) => `http://localhost:${port}`),
  `http://127.0.0.1:${MAIN.api}`,
  `http://localhost:${MAIN.api}`,
]);

/** Every GET the page makes to the site, as "GET <url>", from the start of the navigation until it settles. */
async function startUpRequests(browser: Browser, auth: AuthResult | null, lang: Lang, first: FirstPage) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, auth, lang);
  const asked: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (!SITE_ORIGINS.has(url.origin)) return;
    lastActivity = Date.now();
    if (request.method() === 'GET') asked.push(`GET ${request.url()}`);
    if (!url.pathname.endsWith(STREAM)) inFlight.add(request);
  };
  const onDone = (request: Request) => {
    if (!inFlight.delete(request)) return;
    lastActivity = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(first.path);
    await expect(first.ready(page), first.path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect
      .poll(() => (inFlight.size === 0 ? Date.now() - lastActivity : 0), {
        message: `${first.path} settles (no request for ${QUIET_MS} ms)`,
        intervals: [100],
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(QUIET_MS);
  } finally {
    await context.close();
  }
  return asked;
}

function duplicates(asked: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const request of asked) counts.set(request, (counts.get(request) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([request, n]) => `${n}× ${request}`);
}

test.describe('start-up asks nothing twice', () => {
  // Nine first pages per test, each in a fresh browser context, on a shared machine.
  test.describe.configure({ timeout: 240_000 });
  let ids: { company: number; tender: number; ownTender: number };
  let owner: AuthResult;

  test.beforeAll(async () => {
    owner = await apiLogin(DEMO.owner);
    const own = await apiCall<{ id: number } | null>(owner.accessToken, 'GET', '/companies/mine');
    const companies = await apiCall<{ items: { id: number }[] }>(null, 'GET', '/companies?limit=5');
    const tenders = await apiCall<{ items: { id: number }[] }>(null, 'GET', '/tenders?limit=5');
    const mine = await apiCall<{ items: { id: number }[] }>(
      owner.accessToken,
      'GET',
      '/tenders/mine?limit=5',
    );
    ids = {
      company: companies.items.find((c) => c.id !== own?.id)!.id,
      tender: tenders.items[0]!.id,
      ownTender: mine.items[0]!.id,
    };
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const signedIn of [false, true]) {
      test(`signed ${signedIn ? 'in as a company owner' : 'out'} (${lang})`, async ({ browser }, info) => {
        const pages: FirstPage[] = signedIn
          ? [
              hostPage('/home', 'home'),
              hostPage('/notifications', 'notifications'),
              remotePage('/account', 'account'),
              remotePage(`/tender-profile/${ids.ownTender}`, 'tenders'),
            ]
          : [
              hostPage('/home', 'home'),
              remotePage('/tender', 'tenders'),
              remotePage('/service', 'directory'),
              // A company's page is for signed-in users: a visitor is asked to sign in there.
              { path: `/companies/${ids.company}`, ready: (page) => page.getByTestId('login-modal') },
              remotePage(`/tender-profile/${ids.tender}`, 'tenders'),
            ];
        const found: string[] = [];
        for (const first of pages) {
          const asked = await startUpRequests(browser, signedIn ? owner : null, lang, first);
          await info.attach(`${lang} ${first.path}`, { body: asked.join('\n'), contentType: 'text/plain' });
          if (process.env.E2E_PRINT_STARTUP_REQUESTS)
            console.log(`--- ${lang} signed ${signedIn ? 'in' : 'out'} ${first.path}\n${asked.join('\n')}`);
          found.push(...duplicates(asked).map((d) => `${first.path}: ${d}`));
        }
        expect(found, 'GETs made twice during start-up').toEqual([]);
      });
    }
  }
});
