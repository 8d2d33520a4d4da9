/**
 * Pages rendered on the server (docs/decisions/0019-server-rendering.md): the host's render server composes the
 * route's remote from its server entry, and the remote of any fragment the route mounts in a slot, and sends the page
 * with its data; the browser hydrates it without asking the API again. A remote whose server entry fails or hangs is
 * left to the browser (its section, or its slot), and the page still paints.
 * Every spec fails on a hydration mismatch (support/test.ts); these check the server's part itself.
 */
import type { FastifyInstance } from 'fastify';
import type { REMOTE_APPS } from '../../scripts/lib.ts';
import { serveFrontEnds } from '../../scripts/site/composed-site.ts';
import { LANGUAGE_COOKIE } from '../../shared/src/store/language-cookie.ts';
import { type FaultyRemote, replaceByFaultyRemote } from '../support/faults.ts';
import { apiCall, apiLogin, DEMO, type Lang, signInAs, useSession } from '../support/session.ts';
import { BASE_URL, SERVER_RENDER_FAULTS } from '../support/site.ts';
import { expect, type Locator, type Page, scriptsBlocked, test } from '../support/test.ts';

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

/** The page as the server sent it, before any JavaScript: a context with scripts off, with the page's cookies. */
async function withoutScripts<T>(page: Page, lang: Lang, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: BASE_URL }]);
  try {
    const bare = await context.newPage();
    scriptsBlocked(bare, true);
    return await use(bare);
  } finally {
    await context.close();
  }
}

/** What the server handed over with the markup (host/src/hydration.ts). */
async function handOver(page: Page): Promise<{
  language: string;
  user: { id: number } | null;
  /** Each remote in the markup, with its manifest. */
  remotes: Record<string, string>;
  answers: object;
}> {
  return JSON.parse((await page.locator('#bw-render').textContent()) ?? 'null');
}

/** The remotes whose sections or fragments the server rendered. */
const renderedRemotes = async (page: Page) => Object.keys((await handOver(page)).remotes).sort();

/** The API paths a page asks for from now on. */
function apiPathsAskedBy(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  return asked;
}

/** Marks, before any script of the site runs, the elements the server sent (hydration keeps them). */
async function markServerElements(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((marked) => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const selector of marked)
        for (const element of document.querySelectorAll(selector))
          (element as unknown as { fromServer: boolean }).fromServer = true;
    });
  }, selectors);
}

const keptFromServer = (locator: Locator) =>
  locator.evaluate((element) => (element as unknown as { fromServer?: boolean }).fromServer === true);

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
        expect(await handOver(bare)).toMatchObject({ language: lang });
        expect(await renderedRemotes(bare)).toEqual(['tenders']);

        await bare.goto(`${BASE_URL}/tender-profile/${tender.id}`);
        await expect(bare.getByTestId('tender-profile')).toBeVisible();
        await expect(bare.getByTestId('tender-number')).toContainText(tender.number);

        await bare.goto(`${BASE_URL}/service`);
        const count = bare.getByTestId('result-count');
        await expect(count).toBeVisible();
        expect(Number(await count.getAttribute('data-count'))).toBeGreaterThan(0);
        expect(await handOver(bare)).toMatchObject({ language: lang });
        expect(await renderedRemotes(bare)).toEqual(['directory']);
      });
    });

    test('the browser hydrates the server’s page: the same elements, and the page’s data not asked again', async ({
      page,
    }) => {
      const tender = await firstTender();
      await useSession(page, null, lang);
      await markServerElements(page, ['[data-testid="tender-title"]']);
      const asked = apiPathsAskedBy(page);
      await page.goto(`${BASE_URL}/tender-profile/${tender.id}`);
      // Interactive: the shell's effects have run (the skip link's target is set after mounting).
      await expect(page.locator('main#main-content')).toBeAttached();
      await expect(page.getByTestId('tender-number')).toContainText(tender.number);
      expect(
        await keptFromServer(page.getByTestId('tender-title')),
        'hydration keeps the elements the server sent',
      ).toBe(true);
      expect(asked).not.toContain(`/api/v1/tenders/${tender.id}`);
    });

    test('the page’s rules come from the server once: the browser neither moves them nor inserts them again', async ({
      page,
    }) => {
      await useSession(page, null, lang);
      // Before any script of the site: every <style> removed from the document (a move is a removal, then an
      // insertion, and restyles the whole page), and every rule Emotion inserts at run time, by its class name.
      await page.addInitScript(() => {
        const seen = { removedStyles: 0, insertedNames: [] as string[] };
        (window as unknown as { styleChanges: typeof seen }).styleChanges = seen;
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.removedNodes) if (node.nodeName === 'STYLE') seen.removedStyles += 1;
        }).observe(document, { childList: true, subtree: true });
        const insertRule = CSSStyleSheet.prototype.insertRule;
        CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
          const name = /\.css-([a-z0-9]+)/.exec(rule)?.[1];
          if (name) seen.insertedNames.push(name);
          return insertRule.call(this, rule, index);
        };
      });
      await page.goto(`${BASE_URL}/tender`);
      await expect(page.getByTestId('tender-card').first()).toBeVisible();
      const serverNames = await page
        .locator('head style[data-bw-server-styles]')
        .evaluateAll((tags) =>
          tags.flatMap((tag) => tag.getAttribute('data-bw-server-styles')?.split(' ') ?? []),
        );
      expect(serverNames.length, 'the server wrote the page’s rules into the head').toBeGreaterThan(20);
      // The cards are styled by them: a card's class is one of the server's rules.
      const cardClass = await page.getByTestId('tender-card').first().getAttribute('class');
      expect(serverNames.some((name) => cardClass?.includes(`css-${name}`))).toBe(true);
      const changes = await page.evaluate(
        () =>
          (window as unknown as { styleChanges: { removedStyles: number; insertedNames: string[] } })
            .styleChanges,
      );
      expect(changes.removedStyles, '<style> elements moved or removed').toBe(0);
      expect(changes.insertedNames.filter((name) => serverNames.includes(name))).toEqual([]);
    });
  });
}

test('a signed-in page is rendered for its person, and hydrated', async ({ page }) => {
  await useSession(page, null, 'ar');
  const owner = await signInAs(page, DEMO.owner);
  await page.goto(`${BASE_URL}/account`);
  const rendered = await handOver(page);
  expect(rendered.user?.id).toBe(owner.user.id);
  expect(await renderedRemotes(page)).toEqual(['account']);
  await expect(page.locator('[data-testid="remote-frame"][data-remote="account"]')).toBeVisible();
});

/**
 * The demo owner's pages filled by the tenders remote's fragments: the workspace (its first tender) and one of their
 * contracts, each with the element its data shows in and the API path of that data.
 */
async function ownerFragmentPages() {
  const owner = await apiLogin(DEMO.owner);
  const [tender] = (
    await apiCall<{ items: { id: number }[] }>(owner.accessToken, 'GET', '/tenders/mine?page=1&limit=5')
  ).items;
  const [contract] = await apiCall<{ id: number; number: string }[]>(owner.accessToken, 'GET', '/contracts');
  if (!tender || !contract) throw new Error('the demo owner has no tender or no contract');
  return {
    owner,
    pages: [
      {
        path: '/account/tender-management',
        content: `[data-fragment="tenderWorkspace"] [data-testid="tender-card"][data-tender-id="${tender.id}"]`,
        text: null,
        data: '/api/v1/tenders/mine',
      },
      {
        path: `/account/contracts/${contract.id}`,
        content: `[data-fragment="contracts"] [data-testid="contract-page"][data-contract-id="${contract.id}"]`,
        text: contract.number,
        data: `/api/v1/contracts/${contract.id}`,
      },
    ],
  };
}

for (const lang of LANGS) {
  test(`an account page filled by the tenders remote’s fragment comes from the server with the fragment’s data, and hydrates without asking it again (${lang})`, async ({
    page,
  }) => {
    const { owner, pages } = await ownerFragmentPages();
    await useSession(page, owner, lang);
    await withoutScripts(page, lang, async (bare) => {
      for (const { path, content, text } of pages) {
        await bare.goto(`${BASE_URL}${path}`);
        await expect(bare.locator(content), path).toBeVisible();
        if (text) await expect(bare.locator(content)).toContainText(text);
        expect(await renderedRemotes(bare), path).toEqual(['account', 'tenders']);
      }
    });

    await markServerElements(
      page,
      pages.map((p) => p.content),
    );
    const asked = apiPathsAskedBy(page);
    for (const { path, content, data } of pages) {
      await page.goto(`${BASE_URL}${path}`);
      // The fragment's own hydration is done (its code arrived after the page around it).
      await expect(page.locator('#root [data-fragment][data-fragment-ready]')).toBeAttached();
      expect(
        await keptFromServer(page.locator(content)),
        `${path}: hydration keeps the server’s elements`,
      ).toBe(true);
      expect(asked, path).not.toContain(data);
    }
  });
}

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
    expect(await handOver(page)).toMatchObject({ language: 'ar', remotes: {} });
    await expect(page.locator('[data-testid="remote-frame"][data-remote="directory"]')).toBeVisible();
    await expect(page.getByTestId('result-count')).toBeVisible();
  });

  test('a fragment’s remote whose server entry does not run: its slot is left to the browser, the rest of the page comes from the server', async ({
    page,
  }) => {
    const broken = await breakServerEntry('tenders', 'syntax-error');
    const owner = await apiLogin(DEMO.owner);
    await useSession(page, owner, 'ar');
    await page.goto(`${host}/account/tender-management`);
    expect(broken.faulted).toContain('/server/remoteEntry.js');
    // The account's page (layout, menu) came from the server for the owner; the slot from the browser's own load of
    // the (sound) browser build of the tenders remote.
    expect((await handOver(page)).user?.id).toBe(owner.user.id);
    expect(await renderedRemotes(page)).toEqual(['account']);
    await expect(page.getByTestId('account-layout')).toBeVisible();
    await expect(
      page.locator('[data-fragment="tenderWorkspace"] [data-testid="tender-card"]').first(),
    ).toBeVisible();
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
    expect(await handOver(page)).toMatchObject({ remotes: {} });
    slow.release();
    await expect(page.getByTestId('tender-card').first()).toBeVisible();
  });
});
