/**
 * Faults: a remote serving a broken bundle or answering slowly, and the API restarted under a
 * signed-in page. The composition spec covers a remote whose server is down.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_APPS, ROOT } from '../../scripts/lib.ts';
import { remoteMapFor, serveFrontEnds } from '../../scripts/site/composed-site.ts';
import { serveApp } from '../../scripts/site/serve.ts';
import {
  type ApiProcess,
  apiProcess,
  exposeChunk,
  type Fault,
  type FaultyRemote,
  replaceByFaultyRemote,
} from '../support/faults.ts';
import { DEMO, DEMO_PASSWORD, signInAs, useSession } from '../support/session.ts';
import { FAULTS, LIVE, MAIN } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';

type Remote = keyof typeof REMOTE_APPS;
const distOf = (remote: Remote) => path.join(ROOT, REMOTE_APPS[remote].package, 'dist');
const frameOf = (page: Page, remote: string) =>
  page.locator(`[data-testid="remote-frame"][data-remote="${remote}"]`);
const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|التنقل الرئيسي)$/ });

const TEXT = {
  en: {
    unavailable: 'This section is unavailable right now',
    retry: 'Retry',
    services: 'Services',
    tenders: 'Tenders',
  },
  ar: {
    unavailable: 'هذا القسم غير متاح حاليًا',
    retry: 'إعادة المحاولة',
    services: 'الخدمات',
    tenders: 'المناقصات',
  },
} as const;

test.describe('a remote serving a broken or slow bundle', () => {
  // Several page loads per test on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  let servers: Map<string, FastifyInstance>;
  let faulty: FaultyRemote | null = null;
  const host = `http://localhost:${FAULTS.host}`;

  test.beforeEach(async () => {
    // Rendered by the browser: this spec's faults are the browser's (a server render's: ssr.spec.ts).
    servers = await serveFrontEnds(FAULTS, [], { render: false });
  });
  test.afterEach(async () => {
    await faulty?.close();
    faulty = null;
    await Promise.all([...servers.values()].map((s) => s.close()));
  });

  /** Replace one remote's server by a faulty one on the same origin. */
  async function breakRemote(remote: Remote, faults: Fault[]) {
    faulty = await replaceByFaultyRemote(servers, remote, FAULTS, faults);
    return faulty;
  }

  const cases = [
    {
      name: 'a remoteEntry.js with a syntax error',
      remote: 'directory' as const,
      path: '/service',
      lang: 'en' as const,
      others: [{ remote: 'tenders', link: TEXT.en.tenders, path: '/tender' }],
      faults: () => [{ file: /\/remoteEntry\.js$/, kind: 'syntax-error' as const }],
    },
    {
      name: 'its routes chunk answering 500 (Arabic)',
      remote: 'tenders' as const,
      path: '/tender',
      lang: 'ar' as const,
      others: [{ remote: 'directory', link: TEXT.ar.services, path: '/service' }],
      faults: () => [
        {
          file: new RegExp(`/${exposeChunk(distOf('tenders')).replace(/\./g, '\\.')}$`),
          kind: 'status' as const,
          status: 500,
        },
      ],
    },
  ];

  for (const c of cases) {
    test(`the ${c.remote} remote serving ${c.name}: its section shows the panel, the rest works, Retry recovers`, async ({
      page,
    }) => {
      await useSession(page, null, c.lang);
      const t = TEXT[c.lang];
      const remote = await breakRemote(c.remote, c.faults());
      await signInAs(page, DEMO.bidder);
      await page.goto(`${host}${c.path}`);
      const panel = page.getByTestId('section-unavailable');
      await expect(panel).toBeVisible();
      await expect(panel).toHaveAttribute('data-remote', c.remote);
      await expect(panel).toContainText(t.unavailable);
      await expect(panel.getByRole('button', { name: t.retry })).toBeVisible();
      expect(remote.faulted.length).toBeGreaterThan(0);

      // The shell and the other remotes keep working (client-side navigation from the broken page).
      for (const other of c.others) {
        await mainNav(page).getByRole('link', { name: other.link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${other.path}$`));
        await expect(frameOf(page, other.remote)).toBeVisible();
      }
      await page.goto(`${host}/account`);
      await expect(frameOf(page, 'account')).toBeVisible();
      await expect(page.getByTestId('profile-link')).toBeVisible();

      // Still broken: the panel again. Then the fix is deployed and Retry loads it without a reload.
      await page.goto(`${host}${c.path}`);
      await expect(panel).toBeVisible();
      await page.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 7;
      });
      remote.setFaults([]);
      await panel.getByRole('button', { name: t.retry }).click();
      await expect(frameOf(page, c.remote)).toBeVisible();
      await expect(panel).toBeHidden();
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    });
  }

  test('a slow remote: its section waits, the shell, sign-in and the other remotes work meanwhile', async ({
    page,
  }) => {
    // Its remoteEntry.js is held until the test lets it through: slow for as long as the checks below take.
    const remote = await breakRemote('tenders', [{ file: /\/remoteEntry\.js$/, kind: 'hold' }]);
    await page.goto(`${host}/tender`);
    const loading = page.getByTestId('section-loading');
    await expect(loading).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    await expect.poll(() => remote.held).toBeGreaterThan(0);

    // Sign in through the login modal while the remote is still loading.
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('Email').fill(DEMO.bidder);
    await modal.getByLabel('Password', { exact: false }).fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('profile-link')).toBeVisible();
    await expect(loading).toBeVisible();

    // Other pages (another remote's, the host's) load while this one is pending.
    await mainNav(page).getByRole('link', { name: 'Services', exact: true }).click();
    await expect(frameOf(page, 'directory')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(remote.held).toBeGreaterThan(0);

    // Back on the slow section: still waiting (no failure panel), and it renders once its entry arrives.
    await mainNav(page).getByRole('link', { name: 'Tenders', exact: true }).click();
    await expect(loading).toBeVisible();
    await expect(page.getByTestId('section-unavailable')).toHaveCount(0);
    remote.release();
    await expect(frameOf(page, 'tenders')).toBeVisible();
    await expect(page.getByTestId('section-unavailable')).toHaveCount(0);
  });
});

test.describe('the API restarted under a signed-in page', () => {
  let api: ApiProcess;
  let hostServer: FastifyInstance;
  const host = `http://localhost:${LIVE.host}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    api = await apiProcess(LIVE.api, host);
    await api.start();
    hostServer = await serveApp({
      render: false,
      kind: 'host',
      dir: path.join(ROOT, 'host', 'dist'),
      port: LIVE.host,
      apiUrl: `http://127.0.0.1:${LIVE.api}`,
      remoteMap: remoteMapFor(MAIN),
    });
  });
  test.afterAll(async () => {
    await hostServer?.close();
    await api?.cleanup();
  });

  test('the live stream reconnects and shows every notification created while the API was down, once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const login = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.bidder, password: DEMO_PASSWORD }),
    });
    const auth = ((await login.json()) as { data: { accessToken: string; user: { id: number } } }).data;
    await useSession(page, auth);
    await page.addInitScript(() => {
      // Every toast the page ever shows, by text (a notification delivered twice would toast twice).
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver((mutations) => {
        for (const m of mutations)
          for (const node of m.addedNodes) {
            if (!(node instanceof Element)) continue;
            const toasts = node.matches('[data-testid="toast"]')
              ? [node]
              : [...node.querySelectorAll('[data-testid="toast"]')];
            for (const toast of toasts) seen.push(toast.textContent ?? '');
          }
      }).observe(document, { childList: true, subtree: true });
    });

    const subscriptions: { sent: number; status?: number; answered?: number }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/notification/subscribe')) subscriptions.push({ sent: Date.now() });
    });
    page.on('response', (r) => {
      if (!r.url().includes('/notification/subscribe')) return;
      const s = subscriptions.findLast((x) => x.status === undefined);
      if (s) Object.assign(s, { status: r.status(), answered: Date.now() });
    });
    // The page's other API calls (its data, the notification list): the API is killed only once none is in
    // flight, since a call cut off by the kill rightly shows the connection-error popup, which is not this test.
    const inFlight = new Set<unknown>();
    const isPageCall = (url: string) => url.includes('/api/') && !url.includes('/notification/subscribe');
    page.on('request', (r) => {
      if (isPageCall(r.url())) inFlight.add(r);
    });
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    await page.goto(`${host}/home`);
    await expect.poll(() => subscriptions.some((s) => s.status === 200)).toBe(true);
    await expect(page.getByTestId('notification-badge')).toBeVisible();
    await expect.poll(() => inFlight.size).toBe(0);

    // SIGKILL the API; write notifications straight into its database while it is down.
    await api.kill('SIGKILL');
    const stamp = Date.now();
    const titles = [`While down A ${stamp}`, `While down B ${stamp}`, `While down C ${stamp}`];
    await api.runInApi(
      `import { openDatabase } from './src/db/client.ts';
       import { notifications } from './src/db/schema.ts';
       const d = await openDatabase({ dataDir: process.env.DATA_DIR + '/pglite' });
       await d.db.insert(notifications).values(JSON.parse(process.env.ROWS));
       await d.close();`,
      {
        ROWS: JSON.stringify(
          titles.map((title) => ({
            userId: auth.user.id,
            title,
            titleAr: title,
            content: 'Created while the API was down',
          })),
        ),
      },
    );
    const before = subscriptions.length;
    await api.start();
    const up = Date.now();

    // Each one toasts once, and the bell's list has them.
    for (const title of titles)
      await expect(page.getByTestId('toast').filter({ hasText: title })).toBeVisible({ timeout: 20_000 });
    const back = subscriptions.slice(before).find((s) => s.status === 200);
    expect(back, 'the stream reconnected').toBeDefined();
    console.info(
      `faults: stream re-subscribed ${back!.sent - up} ms after the API was up, open after ${back!.answered! - up} ms`,
    );
    // The host's part: it retries every second, so it is back within 2 s of the API (the answer itself also
    // waits for the freshly started server; bounded generously for a loaded CI machine).
    expect(back!.sent - up).toBeLessThanOrEqual(2000);
    expect(back!.answered! - up).toBeLessThanOrEqual(5000);

    await expect(page.getByTestId('notification-badge')).toBeVisible();
    await page.getByTestId('notification-bell').click();
    const dropdown = page.getByTestId('notification-dropdown');
    for (const title of titles) await expect(dropdown.getByText(title)).toHaveCount(1);

    const toasts = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
    for (const title of titles)
      expect(
        toasts.filter((t) => t.includes(title)),
        title,
      ).toHaveLength(1);
  });
});
