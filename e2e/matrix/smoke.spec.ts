/**
 * The release matrix's smoke suite (scripts/release/matrix.ts runs it once per composition of current and previous
 * releases): whatever mix of releases is deployed, every section renders in both languages, one sign-in and one
 * language reach every remote, a remote's link opens another remote's page, and the singletons are one each.
 * Server rendering is checked from what the composition's builds have: a section whose host and remote builds both
 * have a server entry arrives in the first HTML with its data and is hydrated without a mismatch (the site guard of
 * support/test.ts fails any test on one); otherwise the browser renders it, and it works as before.
 */
import { appendFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { type AuthResult, apiCall, apiLogin, DEMO, DEMO_PASSWORD, useSession } from '../support/session.ts';
import { singletonReport } from '../support/singletons.ts';
import { expect, type Page, test } from '../support/test.ts';

const composition = process.env.MATRIX_COMPOSITION ?? 'current';
/** app → the release version this composition must serve (checked against each build's release.json). */
const expected = JSON.parse(process.env.MATRIX_RELEASES ?? '{}') as Record<string, string>;
/** A remote deliberately built for a newer site than this host, when the composition has one. */
const incompatible = process.env.MATRIX_INCOMPATIBLE ?? '';
/** app → whether its build in this composition has a server entry (its dist/server/, read by matrix.ts). */
const serverEntries = JSON.parse(process.env.MATRIX_SERVER_ENTRIES ?? '{}') as Record<string, boolean>;
/** The host's render server renders a remote's section when both builds have a server entry and they are compatible. */
const serverRenders = (remote: string) =>
  serverEntries.host === true && serverEntries[remote] === true && remote !== incompatible;

const FIRST_PAGES = [
  { remote: 'directory', path: '/service' },
  { remote: 'tenders', path: '/tender' },
  { remote: 'account', path: '/account/profile' },
] as const;

/** `version` is `minimum` or later (numeric major.minor.patch). */
function atLeast(version: string, minimum: string): boolean {
  const a = version.split(/[.-]/).map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

const frameOf = (page: Page, remote: string) =>
  page.locator(`[data-testid="remote-frame"][data-remote="${remote}"]`);
const ARABIC = /[\u0600-\u06FF]/;

async function signInFromHost(page: Page, email: string) {
  await page.goto('/home');
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('login-modal');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: false }).fill(DEMO_PASSWORD);
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-button')).toHaveCount(0);
}

/** Client-side navigation (same page, same singletons), as a link click would do. */
async function navigate(page: Page, to: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Text as React writes it into markup. */
const asMarkup = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

interface FirstHtml {
  /** `<html data-bw-rendered>`: the host's render server rendered the page. */
  rendered: boolean;
  /**
   * What the server handed over beside its markup (host/src/hydration.ts), if it rendered the page: the remotes in
   * the markup as `remotes` (name → manifest), or as the one `remote` of host releases before fragments were
   * rendered on the server.
   */
  handOver: {
    language: string;
    user: { id: number } | null;
    remotes?: Record<string, string>;
    remote?: string | null;
  } | null;
  /** The markup inside #root, without the hand-over (which carries the page's data too). */
  markup: string;
}

/** A page's first HTML as the server sends it, before any script runs (`cookie`: the browser's, when signed in). */
async function firstHtml(request: APIRequestContext, path: string, cookie?: string): Promise<FirstHtml> {
  const response = await request.get(path, cookie ? { headers: { cookie } } : {});
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const root = html.indexOf('<div id="root">');
  const handOverAt = html.search(/<script\b[^>]*\bid="bw-render"/);
  const handOver = /<script\b[^>]*\bid="bw-render"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    rendered: /<html\b[^>]*\bdata-bw-rendered=/.test(html),
    handOver: handOver ? (JSON.parse(handOver) as FirstHtml['handOver']) : null,
    markup: html.slice(root, handOverAt > root ? handOverAt : undefined),
  };
}

/** The remotes whose sections the server's markup holds. */
const remotesIn = (first: FirstHtml): string[] =>
  first.handOver?.remotes
    ? Object.keys(first.handOver.remotes)
    : first.handOver?.remote
      ? [first.handOver.remote]
      : [];

/** The markup of `remote`'s section, from its frame on (the shell around it may name the same data), if it is there. */
function sectionMarkup(markup: string, remote: string): string | null {
  for (const tag of markup.matchAll(/<[a-z]+\b[^>]*\bdata-testid="remote-frame"[^>]*>/g))
    if (tag[0].includes(`data-remote="${remote}"`)) return markup.slice(tag.index);
  return null;
}

/** What the matrix's summary prints: whether the server rendered this section of this composition. */
function recordSection(remote: string, path: string, first: FirstHtml): void {
  if (process.env.MATRIX_RENDERED)
    appendFileSync(
      process.env.MATRIX_RENDERED,
      `${JSON.stringify({ composition, remote, path, server: remotesIn(first).includes(remote) })}\n`,
    );
}

/** The browser's Cookie header for the site (the navigation cookie of a signed-in page, the language). */
async function siteCookie(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A section's first HTML checked against what the builds have, then the page in the browser: its data shows, and a
 * page the server rendered is hydrated — the server's elements are kept (a render over them would replace them).
 */
async function checkSection(
  page: Page,
  request: APIRequestContext,
  section: { remote: string; path: string; data: string; signedIn?: AuthResult },
): Promise<void> {
  const { remote, path, data, signedIn } = section;
  if (signedIn) await useSession(page, signedIn);
  const first = await firstHtml(request, path, signedIn ? await siteCookie(page) : undefined);
  recordSection(remote, path, first);
  if (!serverEntries.host) {
    // A host release without a server entry sends its built page: the browser renders everything.
    expect(first.rendered).toBe(false);
    expect(first.handOver).toBeNull();
  } else if (serverRenders(remote)) {
    expect(first.rendered).toBe(true);
    expect(first.handOver?.language).toBe('en');
    expect(remotesIn(first)).toContain(remote);
    expect(first.handOver?.user?.id ?? null).toBe(signedIn?.user.id ?? null);
    expect(sectionMarkup(first.markup, remote)).toContain(asMarkup(data));
  } else {
    // The host renders its page; the remote's section is left to the browser.
    expect(first.rendered).toBe(true);
    expect(remotesIn(first)).not.toContain(remote);
    expect(sectionMarkup(first.markup, remote)).toBeNull();
  }

  // The frame the server sent, marked before any script of the site runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const frame = document.querySelector('[data-testid="remote-frame"]');
      if (frame) (frame as unknown as { fromServer: boolean }).fromServer = true;
    });
  });
  await page.goto(path);
  const frame = frameOf(page, remote);
  await expect(frame).toContainText(data);
  const kept = await frame.evaluate(
    (element) => (element as unknown as { fromServer?: boolean }).fromServer === true,
  );
  expect(kept, 'hydration keeps the elements the server sent').toBe(serverRenders(remote));
}

// A composition either runs the smoke suite or, when it holds a deliberately incompatible remote, checks that one.
if (incompatible === '') {
  test.describe(`release matrix: ${composition}`, () => {
    test('serves the releases this composition names', async ({ page, request }) => {
      await page.goto('/home');
      const served: Record<string, string> = {};
      served.host = ((await (await request.get('/release.json')).json()) as { version: string }).version;
      const map = (await (await request.get('/config/remotes.json')).json()) as {
        remotes: Record<string, string>;
      };
      for (const [remote, manifest] of Object.entries(map.remotes)) {
        const stamp = await (await request.get(new URL('release.json', manifest).href)).json();
        served[remote] = (stamp as { version: string }).version;
      }
      expect(served).toEqual(expected);
    });

    for (const lang of ['en', 'ar'] as const) {
      test(`each remote's first page renders (${lang}), signed in from the host`, async ({ page }) => {
        await signInFromHost(page, DEMO.bidder);
        if (lang === 'ar') await page.getByTestId('language-switch').click();
        for (const first of FIRST_PAGES) {
          await navigate(page, first.path);
          const frame = frameOf(page, first.remote);
          await expect(frame).toBeVisible();
          await expect(frame).toHaveAttribute('data-language', lang);
          await expect(page.getByTestId('section-unavailable')).toHaveCount(0);
          await expect(page.getByTestId('section-needs-newer-site')).toHaveCount(0);
          // The page's own content, not only its frame (it loads its data after the frame shows).
          const text = async () => ((await frame.textContent()) ?? '').trim();
          await expect.poll(async () => (await text()).length).toBeGreaterThan(40);
          if (lang === 'ar') await expect.poll(text).toMatch(ARABIC);
        }
        // The account remote knows who signed in through the host's modal.
        await navigate(page, '/account/profile');
        await expect(frameOf(page, 'account').getByRole('textbox').first()).not.toHaveValue('');
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      });
    }

    test('a language switch reaches every remote, and a remote links to another remote', async ({ page }) => {
      await signInFromHost(page, DEMO.owner);
      await page.goto('/service');
      await expect(frameOf(page, 'directory')).toHaveAttribute('data-language', 'en');
      await page.getByTestId('language-switch').click();
      for (const first of FIRST_PAGES) {
        await navigate(page, first.path);
        await expect(frameOf(page, first.remote)).toHaveAttribute('data-language', 'ar');
      }
      await page.getByTestId('language-switch').click();
      // The account remote's profile links to the directory remote's page of the owner's company.
      await navigate(page, '/account');
      await frameOf(page, 'account').locator('a[href^="/companies/"]').first().click();
      await expect(page).toHaveURL(/\/companies\/\d+$/);
      await expect(frameOf(page, 'directory')).toBeVisible();
      // The tender workspace in the account area: the account's own page in its earlier releases; since then a slot
      // the host fills with the tenders remote's fragment — a host without mounts (before host 1.4.0) leaves the
      // account's "needs a newer site version" panel there (docs/decisions/0009-tender-workspace-in-remote-tenders.md).
      await navigate(page, '/account/tender-management');
      if (!atLeast(expected.host ?? '0', '1.4.0')) {
        const panel = frameOf(page, 'account').getByTestId('section-needs-newer-site');
        await expect(panel).toHaveAttribute('data-slot', 'unfilled');
        await expect(panel).toHaveAttribute('data-remote', 'tenders');
        return;
      }
      const link = frameOf(page, 'account').locator('a[href^="/tender-profile/"]').first();
      await link.click();
      await expect(page).toHaveURL(/\/tender-profile\/\d+$/);
      await expect(frameOf(page, 'tenders')).toBeVisible();
      // tenders 1.1.0, released alone, added the key dates to this page: shown on whichever host serves it.
      const timeline = frameOf(page, 'tenders').getByTestId('tender-timeline');
      if (atLeast(expected.tenders ?? '0', '1.1.0')) await expect(timeline).toBeVisible();
      else await expect(timeline).toHaveCount(0);
    });

    test("the tender page's own JavaScript, as this composition serves it (a figure of the matrix)", async ({
      page,
    }) => {
      await signInFromHost(page, DEMO.owner);
      await navigate(page, '/tender');
      const tenders = frameOf(page, 'tenders');
      await expect(tenders.locator('a[href^="/tender-profile/"]').first()).toBeVisible();
      const bodies: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          bodies.push(
            response
              .body()
              .then((body) => gzipSync(body, { level: 9 }).length)
              .catch(() => 0),
          );
      });
      await tenders.locator('a[href^="/tender-profile/"]').first().click();
      // The page's chunks are all in once it shows its facts and, from tenders 1.1.0 on, its key dates.
      await expect(tenders.getByTestId('tender-facts')).toBeVisible();
      if (atLeast(expected.tenders ?? '0', '1.1.0'))
        await expect(tenders.getByTestId('tender-timeline')).toBeVisible();
      const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
      expect(bytes).toBeGreaterThan(0);
      if (process.env.MATRIX_FIGURES)
        appendFileSync(
          process.env.MATRIX_FIGURES,
          `${JSON.stringify({ composition, tenders: expected.tenders, tenderPageJsGzip: bytes })}\n`,
        );
    });

    test.describe('server rendering, from what the builds have', () => {
      test("a company's page, signed in: another company's, rendered for its visitor", async ({
        page,
        request,
      }) => {
        const owner = await apiLogin(DEMO.owner);
        const company = await apiCall<{ id: number; name: string }>(
          owner.accessToken,
          'GET',
          '/companies/mine',
        );
        await checkSection(page, request, {
          remote: 'directory',
          path: `/companies/${company.id}`,
          data: company.name,
          signedIn: await apiLogin(DEMO.bidder),
        });
      });

      test("a tender's page (signed out)", async ({ page, request }) => {
        const list = await apiCall<{ items: { id: number; number: string }[] }>(
          null,
          'GET',
          '/tenders?limit=1',
        );
        const tender = list.items[0];
        if (!tender) throw new Error('the demo data has no public tender');
        // Its reference number (the page shortens a long title).
        await checkSection(page, request, {
          remote: 'tenders',
          path: `/tender-profile/${tender.id}`,
          data: tender.number,
        });
      });

      test("the account's profile, signed in: rendered for its person", async ({ page, request }) => {
        const owner = await apiLogin(DEMO.owner);
        const company = await apiCall<{ name: string }>(owner.accessToken, 'GET', '/companies/mine');
        await checkSection(page, request, {
          remote: 'account',
          path: '/account',
          data: company.name,
          signedIn: owner,
        });
      });
    });

    test('the shared singletons are one instance each across the host and every remote', async ({ page }) => {
      await signInFromHost(page, DEMO.bidder);
      for (const first of FIRST_PAGES) {
        await navigate(page, first.path);
        await expect(frameOf(page, first.remote)).toBeVisible();
      }
      const report = await singletonReport(page);
      expect(report.apps).toEqual(['account', 'directory', 'host', 'tenders']);
      expect(report.mismatches).toEqual([]);
      expect(report.emotionKeys).toEqual(['css']);
    });
  });
} else {
  test.describe(`release matrix: ${composition}`, () => {
    test('a remote built for a newer site shows "needs a newer site version"; the rest works', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const first = FIRST_PAGES.find((p) => p.remote === incompatible);
      if (!first) throw new Error(`unknown remote ${incompatible}`);
      await signInFromHost(page, DEMO.bidder);
      await navigate(page, first.path);
      const panel = page.getByTestId('section-needs-newer-site');
      await expect(panel).toBeVisible();
      await expect(panel).toHaveAttribute('data-remote', incompatible);
      await expect(panel.getByRole('heading')).toHaveText('This section needs a newer site version');
      await expect(frameOf(page, incompatible)).toHaveCount(0);
      expect(errors.join('\n')).toMatch(new RegExp(`remote "${incompatible}" .* missing: @bawaba/shared`));
      await page.getByTestId('language-switch').click();
      await expect(panel.getByRole('heading')).toHaveText('يحتاج هذا القسم إلى إصدار أحدث من الموقع');
      for (const other of FIRST_PAGES.filter((p) => p.remote !== incompatible)) {
        await navigate(page, other.path);
        await expect(frameOf(page, other.remote)).toBeVisible();
      }
    });

    test('the server leaves that section out and renders the rest of the page', async ({ page, request }) => {
      const first = FIRST_PAGES.find((p) => p.remote === incompatible);
      if (!first) throw new Error(`unknown remote ${incompatible}`);
      const html = await firstHtml(request, first.path);
      recordSection(incompatible, first.path, html);
      if (serverEntries.host) {
        expect(html.rendered).toBe(true);
        expect(html.handOver?.language).toBe('en');
        expect(remotesIn(html)).not.toContain(incompatible);
        // The host's shell is in the markup (its sign-in button), the section is not.
        expect(html.markup).toContain('data-testid="login-button"');
        expect(html.markup).not.toContain('data-testid="remote-frame"');
      } else expect(html.rendered).toBe(false);
      await page.goto(first.path);
      await expect(page.getByTestId('section-needs-newer-site')).toHaveAttribute('data-remote', incompatible);
      // Another remote of the same composition is rendered on the server as its builds allow.
      const directory = await firstHtml(request, '/service');
      recordSection('directory', '/service', directory);
      expect(remotesIn(directory)).toEqual(serverRenders('directory') ? ['directory'] : []);
    });
  });
}
