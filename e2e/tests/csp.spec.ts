/**
 * Security headers and the Content-Security-Policy (docs/security.md): every page, asset
 * and API answer carries them, and every route loads in English and Arabic with zero CSP violations.
 */

import { hostPage, type FirstPage as Route, remotePage } from '../support/pages.ts';
import { apiCall, apiLogin, DEMO, signInAs, useSession } from '../support/session.ts';
import { API_URL, BASE_URL, MAIN, STAGING_ORIGIN } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';
import { watchPage } from '../support/xss.ts';

const REMOTE_ORIGINS = Object.values(MAIN.remotes).map((port) => `http://localhost:${port}`);

function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  // Served over http here: HSTS would be meaningless (it is sent only behind TLS).
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return { response, headers, text: await response.text() };
}

test.describe('security headers', () => {
  test('pages: strict policy with a fresh nonce on every inline element, nothing else inline', async () => {
    const first = await get(`${BASE_URL}/companies/1`);
    const second = await get(`${BASE_URL}/index.html`);
    for (const page of [first, second]) {
      expect(page.response.status).toBe(200);
      expectCommonHeaders(page.headers, 'page');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = directives(page.headers['content-security-policy']);
      const nonce = /nonce="([^"]+)"/.exec(page.text)?.[1];
      expect(nonce).toBeTruthy();
      for (const name of ['script-src', 'style-src']) {
        expect(csp.get(name)).toEqual(
          expect.arrayContaining(["'self'", `'nonce-${nonce}'`, ...REMOTE_ORIGINS, STAGING_ORIGIN]),
        );
        expect(csp.get(name)).not.toContain("'unsafe-inline'");
        expect(csp.get(name)).not.toContain("'unsafe-eval'");
      }
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", ...REMOTE_ORIGINS]));
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('frame-src')).toEqual(['https://www.openstreetmap.org']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Every <script>/<style> element of the page carries the nonce (inline ones need it).
      const tags = page.text.match(/<(script|style)\b[^>]*>/gi) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      // No inline style attributes in the static markup (the policy would refuse them).
      expect(page.text).not.toMatch(/\sstyle\s*=/i);
      expect(page.text).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    }
    expect(/nonce="([^"]+)"/.exec(first.text)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(second.text)?.[1]);
  });

  test('scripts, remote manifests and entries, the remote map and API answers', async () => {
    const page = await get(`${BASE_URL}/home`);
    const mainScript = /src="(\/main\.[0-9a-f]+\.js)"/.exec(page.text)?.[1];
    expect(mainScript).toBeTruthy();
    const hostJs = await get(`${BASE_URL}${mainScript}`);
    expectCommonHeaders(hostJs.headers, 'host script');
    expect(hostJs.headers['content-type']).toContain('javascript');
    expect(directives(hostJs.headers['content-security-policy']).get('object-src')).toEqual(["'none'"]);

    const map = await get(`${BASE_URL}/config/remotes.json`);
    expectCommonHeaders(map.headers, 'remotes.json');
    expect(map.headers['cache-control']).toBe('no-store');

    for (const origin of REMOTE_ORIGINS) {
      for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
        const remote = await get(`${origin}/${file}`);
        expect(remote.response.status, `${origin}/${file}`).toBe(200);
        expectCommonHeaders(remote.headers, `${origin}/${file}`);
        // The host's page (another origin) loads it.
        expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(remote.headers['access-control-allow-origin']).toBe('*');
      }
    }

    // The API, directly and through the host's proxy: JSON may load and run nothing.
    for (const url of [`${API_URL}/health`, `${BASE_URL}/api/v1/health`]) {
      const api = await get(url);
      expectCommonHeaders(api.headers, url);
      const csp = directives(api.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.has('sandbox')).toBe(true);
    }
    const { accessToken } = await apiLogin(DEMO.bidder);
    const me = await get(`${BASE_URL}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.response.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

async function visitAll(page: Page, routes: Route[], language: 'en' | 'ar') {
  const watch = await watchPage(page);
  await useSession(page, null, language);
  for (const route of routes) {
    await page.goto(route.path).catch(async (error: Error) => {
      // A client-side redirect of the previous page can abort the navigation once: go again.
      if (!/ERR_ABORTED/.test(error.message)) throw error;
      await page.goto(route.path);
    });
    await expect(route.ready(page), route.path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Emotion's runtime styles are in the page (they would be refused without the nonce).
    expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
    await watch.expectClean(`${language} ${route.path}`);
  }
}

test.describe('every route loads with zero CSP violations', () => {
  // Many routes per test, on a shared machine.
  test.describe.configure({ timeout: 240_000 });
  let ids: { tender: number; ownCompany: number; otherCompany: number; ownTender: number };

  test.beforeAll(async () => {
    const owner = await apiLogin(DEMO.owner);
    const own = await apiCall<{ id: number } | null>(owner.accessToken, 'GET', '/companies/mine');
    const companies = await apiCall<{ items: { id: number }[] }>(
      owner.accessToken,
      'GET',
      '/companies?limit=5',
    );
    const tenders = await apiCall<{ items: { id: number }[] }>(null, 'GET', '/tenders?limit=5');
    const mine = await apiCall<{ items: { id: number }[] }>(
      owner.accessToken,
      'GET',
      '/tenders/mine?limit=5',
    );
    ids = {
      ownCompany: own!.id,
      otherCompany: companies.items.find((c) => c.id !== own!.id)!.id,
      tender: tenders.items[0]!.id,
      ownTender: mine.items[0]!.id,
    };
  });

  for (const language of ['en', 'ar'] as const) {
    test(`signed out (${language})`, async ({ page }) => {
      await visitAll(
        page,
        [
          hostPage('/home', 'home'),
          hostPage('/about', 'about'),
          hostPage('/terms', 'terms'),
          hostPage('/contact-us', 'contact-us'),
          hostPage('/set-password?verificationToken=nope', 'set-password'),
          hostPage('/callback?status=Failed&reference=nope', 'callback'),
          remotePage('/service', 'directory'),
          remotePage('/service?inputValue=cleaning', 'directory'),
          remotePage('/tender', 'tenders'),
          remotePage(`/tender-profile/${ids.tender}`, 'tenders'),
        ],
        language,
      );
      // The map embed (the one allowed frame) is on the contact page.
      await page.goto('/contact-us');
      await expect(page.locator('iframe[src^="https://www.openstreetmap.org/"]')).toBeAttached();
    });

    test(`signed in as a company owner (${language})`, async ({ page }) => {
      await signInAs(page, DEMO.owner);
      await visitAll(
        page,
        [
          remotePage(`/companies/${ids.otherCompany}`, 'directory'),
          remotePage(`/company-profile/${ids.ownCompany}`, 'directory'),
          remotePage(`/request-service/${ids.otherCompany}`, 'directory'),
          remotePage('/company-register', 'directory'),
          remotePage(`/tender-profile/${ids.ownTender}`, 'tenders'),
          hostPage('/notifications', 'notifications'),
          remotePage('/account', 'account'),
          remotePage('/account/tender-management', 'account'),
          remotePage('/account/sent-requests', 'account'),
          remotePage('/account/requests', 'account'),
          remotePage('/account/security', 'account'),
          remotePage('/account/submitted-proposals', 'account'),
        ],
        language,
      );
    });

    test(`signed in as a bidder (${language})`, async ({ page }) => {
      await signInAs(page, DEMO.bidder);
      await visitAll(
        page,
        [
          remotePage(`/submit-proposal/${ids.tender}`, 'tenders'),
          remotePage('/account', 'account'),
          remotePage('/account/submitted-proposals', 'account'),
        ],
        language,
      );
    });

    test(`signed in as an admin (${language})`, async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await visitAll(
        page,
        [
          remotePage('/account/company-list', 'account'),
          remotePage('/account/manage-ads', 'account'),
          remotePage('/account/requests', 'account'),
          remotePage('/account/security', 'account'),
        ],
        language,
      );
    });
  }
});
