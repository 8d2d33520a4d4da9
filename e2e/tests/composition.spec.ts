import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_APPS, ROOT } from '../../scripts/lib.ts';
import { serveFrontEnds } from '../../scripts/site/composed-site.ts';
import { serveApp } from '../../scripts/site/serve.ts';
import { DEMO, signInAs } from '../support/session.ts';
import { singletonReport } from '../support/singletons.ts';
import { FAULTS, MAIN, STAGING_DIRECTORY_PORT, STAGING_ORIGIN, UNLISTED_ORIGIN } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Client-side navigation (same page, same singletons), as a link click would do. */
async function navigate(page: Page, to: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

const SEGMENTS = [
  { remote: 'directory', path: '/service', port: MAIN.remotes.directory },
  { remote: 'tenders', path: '/tender', port: MAIN.remotes.tenders },
  { remote: 'account', path: '/account', port: MAIN.remotes.account },
] as const;

/** The area a remote rendered (its RemoteFrame), whatever page it shows. */
const frameOf = (page: Page, remote: string) =>
  page.locator(`[data-testid="remote-frame"][data-remote="${remote}"]`);

test.describe('the composed site', { tag: '@smoke' }, () => {
  test('the host renders its shell and pages', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tenders' }),
    ).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('each remote renders its segment with code served from its own origin', async ({ page }) => {
    await signInAs(page, DEMO.bidder);
    for (const segment of SEGMENTS) {
      const fromRemoteOrigin: string[] = [];
      const listener = (request: { url(): string }) => {
        if (request.url().startsWith(`http://localhost:${segment.port}/`))
          fromRemoteOrigin.push(request.url());
      };
      page.on('request', listener);
      await page.goto(segment.path);
      await expect(frameOf(page, segment.remote)).toBeVisible();
      page.off('request', listener);
      expect(fromRemoteOrigin.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
      expect(fromRemoteOrigin.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    }
  });

  test('shared singletons are one object each across the host and every remote', async ({ page }) => {
    await signInAs(page, DEMO.bidder);
    await page.goto('/service');
    await expect(frameOf(page, 'directory')).toBeVisible();
    await navigate(page, '/tender');
    await expect(frameOf(page, 'tenders')).toBeVisible();
    await navigate(page, '/account');
    await expect(frameOf(page, 'account')).toBeVisible();

    const report = await singletonReport(page);
    expect(report.apps).toEqual(['account', 'directory', 'host', 'tenders']);
    expect(report.mismatches).toEqual([]);
    expect(report.emotionKeys).toEqual(['css']);
  });

  test('a newer host release deployed while the page is open is offered as a reload', async ({ page }) => {
    await page.goto('/tender');
    await expect(frameOf(page, 'tenders')).toBeVisible();
    await expect(page.getByTestId('new-release')).toHaveCount(0);
    const running = (await (await page.request.get('/release.json')).json()) as { commit: string };
    await page.route('**/release.json', async (route) => {
      const response = await route.fetch();
      const stamp = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...stamp, version: '9.9.9', commit: `${running.commit}-next` },
      });
    });
    // The check runs when the tab comes back into view.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByTestId('new-release');
    await expect(notice).toContainText('A new version of the site is available.');
    await page.unroute('**/release.json');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('new-release')).toHaveCount(0);
    await expect(frameOf(page, 'tenders')).toBeVisible();
  });

  test('a store change in the host is seen in a remote, and the page mirrors for Arabic', async ({
    page,
  }) => {
    await page.goto('/service');
    const frame = frameOf(page, 'directory');
    await expect(frame).toHaveAttribute('data-language', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('language-switch').click();
    await expect(frame).toHaveAttribute('data-language', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-language', 'ar');
  });

  test('the staging override loads a remote from an allow-listed second origin only', async ({ page }) => {
    await page.goto(`/service?mf-override=directory@${STAGING_ORIGIN}/mf-manifest.json`);
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'staging');
    // Persisted for the tab: later pages keep the override.
    await page.goto('/service');
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'staging');
    await page.goto('/service?mf-override=clear');
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'default');

    // An origin outside the allow-list is refused: the regular build loads, nothing from that origin.
    const evil: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(UNLISTED_ORIGIN)) evil.push(r.url());
    });
    await page.goto(`/service?mf-override=directory@${UNLISTED_ORIGIN}/mf-manifest.json`);
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'default');
    expect(evil).toEqual([]);
  });
});

test.describe('failure containment and independent releases', () => {
  let servers: Map<string, FastifyInstance>;

  test.beforeEach(async () => {
    // Rendered by the browser: this spec's faults are the browser's (a server render's: ssr.spec.ts).
    servers = await serveFrontEnds(FAULTS, [], { render: false });
  });
  test.afterEach(async () => {
    await Promise.all([...servers.keys()].map(stop));
  });
  /** Stop one app's server (as if it were down or being redeployed). */
  async function stop(name: string) {
    const server = servers.get(name);
    servers.delete(name);
    await server?.close();
  }

  for (const down of Object.keys(REMOTE_APPS) as (keyof typeof REMOTE_APPS)[]) {
    test(`with the ${down} remote's server stopped, its segment shows the fallback and the rest works`, async ({
      page,
    }) => {
      await stop(down);
      await signInAs(page, DEMO.bidder);
      const host = `http://localhost:${FAULTS.host}`;
      for (const segment of SEGMENTS) {
        await page.goto(`${host}${segment.path}`);
        if (segment.remote === down) {
          const panel = page.getByTestId('section-unavailable');
          await expect(panel).toBeVisible();
          await expect(panel).toContainText('This section is unavailable right now');
          await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
        } else {
          await expect(frameOf(page, segment.remote)).toBeVisible();
        }
        // The shell keeps working everywhere.
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      }
      await page.goto(`${host}/home`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  }

  test('Retry loads a remote that came back, without a page reload', async ({ page }) => {
    await stop('directory');
    const host = `http://localhost:${FAULTS.host}`;
    await page.goto(`${host}/service`);
    await expect(page.getByTestId('section-unavailable')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    servers.set(
      'directory',
      await serveApp({
        render: false,
        kind: 'remote',
        dir: path.join(ROOT, REMOTE_APPS.directory.package, 'dist'),
        port: FAULTS.remotes.directory!,
      }),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(frameOf(page, 'directory')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  });

  test('a redeployed remote is picked up by the host without rebuilding the host', async ({ page }) => {
    const host = `http://localhost:${FAULTS.host}`;
    await page.goto(`${host}/service`);
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'default');
    // Release a new build of the directory remote on the same origin.
    await stop('directory');
    servers.set(
      'directory',
      await serveApp({
        render: false,
        kind: 'remote',
        dir: path.join(ROOT, REMOTE_APPS.directory.package, `dist-staging-${STAGING_DIRECTORY_PORT}`),
        port: FAULTS.remotes.directory!,
      }),
    );
    await page.reload();
    await expect(frameOf(page, 'directory')).toHaveAttribute('data-build', 'staging');
  });
});
