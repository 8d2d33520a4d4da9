/**
 * Pages rendered on the server (docs/decisions/0019-server-rendering.md): the host's render server composes the
 * route's remote from its server entry and sends the page with its data; the browser hydrates it without asking the
 * API again. A remote whose server entry fails or hangs is left to the browser, and the page still paints.
 * Every spec fails on a hydration mismatch (support/test.ts); these check the server's part itself.
 */
import type { FastifyInstance } from 'fastify';
import type { REMOTE_APPS } from '../../scripts/lib.ts';
import { serveFrontEnds } from '../../scripts/site/composed-site.ts';
import { type FaultyRemote, replaceByFaultyRemote } from '../support/faults.ts';
import { apiCall, DEMO, type Lang, signInAs, useSession } from '../support/session.ts';
import { BASE_URL, SERVER_RENDER_FAULTS } from '../support/site.ts';
import { expect, type Page, scriptsBlocked, test } from '../support/test.ts';

interface TenderItem {
  id: number;
  number: string;
  title: string;
}

const LANGS: Lang[] = ['en', 'ar'];

/** The first public tender of the list (the list's first card). */
async function firstTender(): Promise<TenderItem> {
  const list = await apiCall<{ items: TenderItem[] }>(null, 'GET', '/tenders?limit=1');
  const tender = list.items[0];
  if (!tender) throw new Error('the demo data has no public tender');
  return tender;
}

/** The page as the server sent it, before any JavaScript: a context with scripts off. */
async function withoutScripts<T>(page: Page, lang: Lang, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'bawaba-lang', value: lang, url: BASE_URL }]);
  try {
    const bare = await context.newPage();
    scriptsBlocked(bare, true);
    return await use(bare);
  } finally {
    await context.close();
  }
}

/** What the server handed over with the markup (host/src/hydration.ts). */
async function handOver(
  page: Page,
): Promise<{ language: string; user: { id: number } | null; remote: string | null; answers: object }> {
  return JSON.parse((await page.locator('#bw-render').textContent()) ?? 'null');
}

for (const lang of LANGS) {
  test.describe(`server rendering (${lang})`, () => {
    test('the tender list, a tender and the directory paint from the server, with their data, before any script', async ({
      page,
    }) => {
      const tender = await firstTender();
      await withoutScripts(page, lang, async (bare) => {
        await bare.goto(`${BASE_URL}/tender`);
        await expect(bare.locator('html')).toHaveAttribute('lang', lang);
        await expect(bare.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(bare.getByTestId('tender-card').first()).toBeVisible();
        await expect(bare.getByTestId('tender-card').first().getByTestId('tender-number')).toContainText(
          tender.number,
        );
        expect(await handOver(bare)).toMatchObject({ language: lang, remote: 'tenders' });

        await bare.goto(`${BASE_URL}/tender-profile/${tender.id}`);
        await expect(bare.getByTestId('tender-profile')).toBeVisible();
        await expect(bare.getByTestId('tender-number')).toContainText(tender.number);

        await bare.goto(`${BASE_URL}/service`);
        const count = bare.getByTestId('result-count');
        await expect(count).toBeVisible();
        expect(Number(await count.getAttribute('data-count'))).toBeGreaterThan(0);
        expect(await handOver(bare)).toMatchObject({ language: lang, remote: 'directory' });
      });
    });

    test('the browser hydrates the server’s page: the same elements, and the page’s data not asked again', async ({
      page,
    }) => {
      const tender = await firstTender();
      await useSession(page, null, lang);
      // The server's elements, marked before any script of the site runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const title = document.querySelector('[data-testid="tender-title"]');
          if (title) (title as unknown as { fromServer: boolean }).fromServer = true;
        });
      });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
      });
      await page.goto(`${BASE_URL}/tender-profile/${tender.id}`);
      // Interactive: the shell's effects have run (the skip link's target is set after mounting).
      await expect(page.locator('main#main-content')).toBeAttached();
      await expect(page.getByTestId('tender-number')).toContainText(tender.number);
      const kept = await page
        .getByTestId('tender-title')
        .evaluate((element) => (element as unknown as { fromServer?: boolean }).fromServer === true);
      expect(kept, 'hydration keeps the elements the server sent').toBe(true);
      expect(asked).not.toContain(`/api/v1/tenders/${tender.id}`);
    });
  });
}

test('a signed-in page is rendered for its person, and hydrated', async ({ page }) => {
  await useSession(page, null, 'ar');
  const owner = await signInAs(page, DEMO.owner);
  await page.goto(`${BASE_URL}/account`);
  const rendered = await handOver(page);
  expect(rendered.user?.id).toBe(owner.user.id);
  expect(rendered.remote).toBe('account');
  await expect(page.locator('[data-testid="remote-frame"][data-remote="account"]')).toBeVisible();
});

test.describe('a remote whose server entry fails or hangs', () => {
  test.describe.configure({ timeout: 120_000 });
  let servers: Map<string, FastifyInstance>;
  let faulty: FaultyRemote | null = null;
  const host = `http://localhost:${SERVER_RENDER_FAULTS.host}`;

  test.beforeEach(async () => {
    servers = await serveFrontEnds(SERVER_RENDER_FAULTS);
  });
  test.afterEach(async () => {
    await faulty?.close();
    faulty = null;
    await Promise.all([...servers.values()].map((server) => server.close()));
  });

  async function breakServerEntry(remote: keyof typeof REMOTE_APPS, kind: 'syntax-error' | 'hold') {
    faulty = await replaceByFaultyRemote(servers, remote, SERVER_RENDER_FAULTS, [
      { file: /^\/server\/remoteEntry\.js$/, kind },
    ]);
    return faulty;
  }

  test('a server entry that does not run: the section is left to the browser, which paints it', async ({
    page,
  }) => {
    const broken = await breakServerEntry('directory', 'syntax-error');
    await useSession(page, null, 'ar');
    await page.goto(`${host}/service`);
    expect(broken.faulted).toContain('/server/remoteEntry.js');
    // The shell came from the server, the section from the browser's own load of the (sound) browser build.
    expect(await handOver(page)).toMatchObject({ language: 'ar', remote: null });
    await expect(page.locator('[data-testid="remote-frame"][data-remote="directory"]')).toBeVisible();
    await expect(page.getByTestId('result-count')).toBeVisible();
  });

  test('a server entry that never answers: the page is sent within the render time limit, the browser paints the section', async ({
    page,
  }) => {
    const slow = await breakServerEntry('tenders', 'hold');
    const started = Date.now();
    const response = await page.goto(`${host}/tender`);
    const took = Date.now() - started;
    expect(response?.status()).toBe(200);
    expect(slow.held).toBeGreaterThan(0);
    // RENDER_TIMEOUT_MS (1.5 s) for the section, then the page without it; generous for a loaded machine.
    expect(took).toBeLessThan(10_000);
    expect(await handOver(page)).toMatchObject({ remote: null });
    slow.release();
    await expect(page.getByTestId('tender-card').first()).toBeVisible();
  });
});
