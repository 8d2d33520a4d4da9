import { expect, type Page, test } from '@playwright/test';
import { accountAudiences, declaredRoutes, demoSession, LANGS, seriousViolations } from '../support/a11y.ts';
import { apiProposal, openTenders } from '../support/fixtures.ts';
import { type AuthResult, apiCall, DEMO, registerUser, useSession } from '../support/session.ts';

/**
 * Accessibility: axe with the WCAG 2.0/2.1/2.2 A and AA rules on every route of the site — in
 * English and Arabic, signed out and signed in, the account pages for every role that may open them — and
 * on the dialogs the shell opens (login modal and its views, sidebar, notifications, confirmation popup).
 * Target: no serious or critical violation. The list of routes comes from the route tables themselves
 * (declaredRoutes), and the first test fails when one of them is not visited here.
 */

type Role = 'anon' | 'bidder' | 'owner' | 'admin' | 'fresh';

interface Ids {
  company: number;
  ownCompany: number;
  tender: number;
  wizardTender: number;
  proposal: number;
}

interface Visit {
  /** The route pattern this visit covers (as in the route table). */
  pattern: string;
  path: (ids: Ids) => string;
  /** The test id that says the page has its content. */
  ready: string;
  roles: Role[];
}

const PUBLIC_ROLES: Role[] = ['anon', 'bidder'];

const VISITS: Visit[] = [
  { pattern: '/home', path: () => '/home', ready: 'host-page-home', roles: PUBLIC_ROLES },
  { pattern: '/service', path: () => '/service', ready: 'company-card', roles: PUBLIC_ROLES },
  { pattern: '/tender', path: () => '/tender', ready: 'tender-card', roles: PUBLIC_ROLES },
  {
    pattern: '/tender-profile/:id',
    path: (ids) => `/tender-profile/${ids.tender}`,
    ready: 'tender-profile',
    roles: PUBLIC_ROLES,
  },
  { pattern: '/about', path: () => '/about', ready: 'host-page-about', roles: PUBLIC_ROLES },
  { pattern: '/terms', path: () => '/terms', ready: 'host-page-terms', roles: PUBLIC_ROLES },
  { pattern: '/contact-us', path: () => '/contact-us', ready: 'host-page-contact-us', roles: PUBLIC_ROLES },
  {
    pattern: '/set-password',
    path: () => '/set-password?verificationToken=a11y-token',
    ready: 'host-page-set-password',
    roles: ['anon'],
  },
  { pattern: '/callback', path: () => '/callback?status=Paid', ready: 'payment-result', roles: PUBLIC_ROLES },
  {
    pattern: '/callback',
    path: () => '/callback?status=Failed',
    ready: 'payment-result',
    roles: PUBLIC_ROLES,
  },
  {
    pattern: '/notifications',
    path: () => '/notifications',
    ready: 'host-page-notifications',
    roles: ['bidder'],
  },
  {
    pattern: '/companies/:id',
    path: (ids) => `/companies/${ids.company}`,
    ready: 'company-profile',
    roles: ['bidder'],
  },
  {
    pattern: '/company-profile/:id',
    path: (ids) => `/company-profile/${ids.ownCompany}`,
    ready: 'owner-panel',
    roles: ['owner'],
  },
  {
    pattern: '/company-register',
    path: () => '/company-register',
    ready: 'company-register-form',
    roles: ['bidder'],
  },
  {
    pattern: '/request-service/:id',
    path: (ids) => `/request-service/${ids.company}`,
    ready: 'request-form',
    roles: ['bidder'],
  },
  {
    pattern: '/submit-proposal/:id',
    path: (ids) => `/submit-proposal/${ids.wizardTender}`,
    ready: 'proposal-wizard',
    roles: ['fresh'],
  },
  {
    pattern: '/resubmit-proposal/:id',
    path: (ids) => `/resubmit-proposal/${ids.proposal}`,
    ready: 'resubmit-proposal',
    roles: ['fresh'],
  },
  // The account area: every sub-page for every role that may open it (from its route table).
  ...Object.entries(accountAudiences()).map(([pattern, who]) => ({
    pattern,
    path: () => pattern,
    ready: `account-page-${pattern === '/account' ? 'profile' : pattern.slice('/account/'.length)}`,
    roles: (who === 'admin'
      ? ['admin']
      : who === 'not-admin'
        ? ['bidder', 'owner']
        : ['bidder', 'owner', 'admin']) as Role[],
  })),
];

const ACCOUNTS = { bidder: DEMO.bidder, owner: DEMO.owner, admin: DEMO.admin } as const;

let ids: Ids | null = null;
let fresh: AuthResult | null = null;

/** Real ids from the seed (and one proposal of a fresh user for the resubmit page). */
async function seedIds(): Promise<Ids> {
  if (ids) return ids;
  const owner = await demoSession(DEMO.owner);
  const bidder = await demoSession(DEMO.bidder);
  const own = await apiCall<{ id: number }>(owner.accessToken, 'GET', '/companies/mine');
  const list = await apiCall<{ items: { id: number }[] }>(
    bidder.accessToken,
    'GET',
    '/companies?page=1&limit=5',
  );
  fresh = await registerUser('A11y pages');
  const [withFee] = await openTenders(fresh.accessToken, true);
  const [free] = await openTenders(fresh.accessToken, false);
  if (!withFee || !free) throw new Error('the seed has no open tenders to bid on');
  const { proposal } = await apiProposal(fresh.accessToken, free.id, 'A11y proposal');
  ids = {
    company: list.items.find((c) => c.id !== own.id)!.id,
    ownCompany: own.id,
    tender: free.id,
    wizardTender: withFee.id,
    proposal: proposal.id,
  };
  return ids;
}

async function sessionFor(role: Role): Promise<AuthResult | null> {
  if (role === 'anon') return null;
  if (role === 'fresh') {
    await seedIds();
    return fresh;
  }
  return demoSession(ACCOUNTS[role]);
}

/** Slow CI machines: a page of a remote may take a while to fetch its chunks and data. */
const READY_TIMEOUT = 30_000;

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: READY_TIMEOUT });
}

test('every route in the route tables is visited by this spec', () => {
  const visited = new Set(VISITS.map((v) => v.pattern));
  const missing = declaredRoutes().filter((route) => !visited.has(route));
  expect(missing, 'routes without an accessibility check: add them to VISITS').toEqual([]);
});

for (const lang of LANGS) {
  test.describe(`axe, ${lang}`, () => {
    for (const role of ['anon', 'bidder', 'owner', 'admin', 'fresh'] as const) {
      const visits = VISITS.filter((v) => v.roles.includes(role));
      test(`${role === 'anon' ? 'signed out' : `signed in as ${role}`}: ${visits.length} pages`, async ({
        page,
      }) => {
        test.setTimeout(60_000 + visits.length * 40_000);
        const pageIds = await seedIds();
        await useSession(page, await sessionFor(role), lang);
        const found: string[] = [];
        for (const visit of visits) {
          const path = visit.path(pageIds);
          try {
            await open(page, path, visit.ready);
          } catch {
            // Report it with the others and go on: one run shows every finding.
            found.push(`${lang} ${role} ${path}: never showed [data-testid=${visit.ready}]`);
            continue;
          }
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          found.push(...(await seriousViolations(page, `${lang} ${role} ${path}`)));
        }
        expect(found).toEqual([]);
      });
    }

    test('dialogs signed out: login modal (login, register, forgot), guard modal, sidebar', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await useSession(page, null, lang);
      const found: string[] = [];
      await open(page, '/home', 'host-page-home');
      await page.getByTestId('login-button').click();
      const modal = page.getByTestId('login-modal');
      await expect(modal).toBeVisible();
      found.push(...(await seriousViolations(page, `${lang} login modal`)));
      await modal
        .getByRole('button')
        .filter({ hasText: lang === 'ar' ? /إنشاء حساب/ : /Create an account/ })
        .click();
      await expect(modal.locator('form')).toHaveCount(1);
      found.push(...(await seriousViolations(page, `${lang} login modal: register`)));
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      // A guarded route signed out opens the same modal.
      await page.goto('/notifications');
      await expect(modal).toBeVisible();
      await modal
        .getByRole('button')
        .filter({ hasText: lang === 'ar' ? /نسيت/ : /Forgot/ })
        .click();
      found.push(...(await seriousViolations(page, `${lang} guard modal: forgot password`)));
      await page.keyboard.press('Escape');

      // The sidebar menu (small screens).
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, '/tender', 'tender-card');
      await page.getByTestId('menu-toggle').click();
      await expect(page.getByTestId('sidebar')).toBeVisible();
      found.push(...(await seriousViolations(page, `${lang} sidebar`)));
      expect(found).toEqual([]);
    });

    test('dialogs signed in: notifications dropdown, logout confirmation, account menu on a phone', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await useSession(page, await demoSession(DEMO.bidder), lang);
      const found: string[] = [];
      await open(page, '/home', 'host-page-home');
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-dropdown')).toBeVisible();
      found.push(...(await seriousViolations(page, `${lang} notifications dropdown`)));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('notification-dropdown')).toBeHidden();

      await page.getByTestId('logout-button').click();
      await expect(page.getByTestId('popup')).toBeVisible();
      found.push(...(await seriousViolations(page, `${lang} logout confirmation`)));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('popup')).toBeHidden();

      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, '/account/security', 'account-page-security');
      await expect(page.getByTestId('account-mobile-menu')).toBeVisible();
      found.push(...(await seriousViolations(page, `${lang} account on a phone`)));
      expect(found).toEqual([]);
    });
  });
}
