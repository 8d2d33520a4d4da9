/**
 * Playwright's `test` with one rule for every spec: a page the server rendered must hydrate without a mismatch.
 * The browser names each mismatch in the console (host/src/bootstrap.tsx, `onRecoverableError`); any of them, on any
 * page of the test's context, fails the test.
 */
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { NOT_HYDRATED_PARTS, PAGE_READY, SHELL_READY } from '../../shared/src/render/marks.ts';

export { type Browser, expect, type Locator, type Page } from '@playwright/test';

/** The prefix of the console error the host writes for each hydration mismatch. */
const HYDRATION_MISMATCH = '[bawaba] hydration mismatch';

/** Collects the hydration mismatches of `page` into `into`. */
function watchHydration(page: Page, into: string[]): void {
  page.on('console', (message) => {
    if (message.text().startsWith(HYDRATION_MISMATCH))
      into.push(`${page.url()}: ${message.text().slice(0, 2000)}`);
  });
}

/** Pages whose scripts a test blocks on purpose (the page as the server sent it): `goto` does not wait for them. */
const scriptless = new WeakSet<Page>();
export function scriptsBlocked(page: Page, blocked: boolean): void {
  if (blocked) scriptless.add(page);
  else scriptless.delete(page);
}

/**
 * A page the server rendered shows its buttons before they work (until React has hydrated it); a user waits for the
 * page, a test would click at once. So `goto` and `reload` return once the site's page answers to input: React's
 * first commit, the page's own lazily loaded part, each slot filled by another remote's fragment and each lazily
 * loaded part inside the page are marked hydrated (shared/src/render/marks.ts). Pages of other origins (the API,
 * files) have no such mark and are not waited for.
 */
function waitForReady(page: Page): void {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      if (html && !scriptless.has(page) && (await page.locator('#bw-render').count()) > 0) {
        await page.locator(`html[${SHELL_READY}]`).waitFor({ state: 'attached' });
        // The page itself (a lazily loaded part) is hydrated once its code has arrived (PageReady,
        // @bawaba/shared/render); a route that shows no page (a sign-in prompt, a redirect) never marks it.
        await page
          .locator(`html[${PAGE_READY}]`)
          .waitFor({ state: 'attached', timeout: 10_000 })
          .catch(() => undefined);
        // Another remote's fragment in a slot, and a lazily loaded part of the page, are hydrated on their own, once
        // their code has arrived (host/src/federation/RemoteFragment.tsx and LazyPart, @bawaba/shared/render, mark
        // them then): a click on a part that is not hydrated yet is lost.
        await page
          .locator(NOT_HYDRATED_PARTS)
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
      }
      return response;
    };
  }
}

export const test = base.extend<{ siteGuard: undefined }>({
  /**
   * Every page of the test — of its own context and of any context it makes (another user's browser) — waits for
   * the site's page to answer before `goto` returns, and fails the test on a hydration mismatch.
   */
  siteGuard: [
    async ({ browser, context }, use) => {
      const mismatches: string[] = [];
      const prepared = new WeakSet<Page>();
      const prepare = (page: Page) => {
        if (prepared.has(page)) return;
        prepared.add(page);
        waitForReady(page);
        watchHydration(page, mismatches);
      };
      const prepareContext = (made: BrowserContext) => {
        for (const page of made.pages()) prepare(page);
        made.on('page', prepare);
      };
      prepareContext(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const made = await newContext(...args);
        prepareContext(made);
        return made;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const page = await newPage(...args);
        prepare(page);
        return page;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      expect(mismatches, 'hydration mismatches').toEqual([]);
    },
    { auto: true },
  ],
});
