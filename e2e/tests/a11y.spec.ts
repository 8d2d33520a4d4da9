import { demoSession, LANGS, seriousViolations } from '../support/a11y.ts';
import { apiProposal, openTenders } from '../support/fixtures.ts';
import { type SweepIds, type SweepRole, sitePatterns, siteVisits } from '../support/pages.ts';
import { type AuthResult, apiCall, DEMO, registerUser, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Accessibility: axe with the WCAG 2.0/2.1/2.2 A and AA rules on every route of the site — in
 * English and Arabic, signed out and signed in, the account pages for every role that may open them — and
 * on the dialogs the shell opens (login modal and its views, sidebar, notifications, confirmation popup).
 * Target: no serious or critical violation, and no error popup on a page the role may open. The pages, who may
 * open them and what says each has its content come from the apps' page tables (support/pages.ts): a page added
 * to a table is visited with no change here.
 */

const VISITS = siteVisits();

const ACCOUNTS = { bidder: DEMO.bidder, owner: DEMO.owner, admin: DEMO.admin } as const;

let ids: SweepIds | null = null;
let fresh: AuthResult | null = null;

/** Real ids from the seed (and one proposal of a fresh user for the resubmit page). */
async function seedIds(): Promise<SweepIds> {
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
    'own-company': own.id,
    'open-tender': free.id,
    'tender-with-fee': withFee.id,
    'own-proposal': proposal.id,
  };
  return ids;
}

async function sessionFor(role: SweepRole): Promise<AuthResult | null> {
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

test('every page of the page tables is visited, as each role that may open it', () => {
  const visited = new Set(VISITS.filter((v) => v.roles.length > 0).map((v) => v.pattern));
  expect(sitePatterns().filter((pattern) => !visited.has(pattern))).toEqual([]);
  // The tables hold every segment the host routes (checked per remote by its src/page-table.test.ts).
  for (const pattern of ['/home', '/service', '/tender', '/account', '/account/site-settings'])
    expect(visited).toContain(pattern);
});

test('a page added to a page table is visited without a change to this spec', () => {
  const added = {
    reports: { segment: 'account', path: 'reports', access: 'admin', ready: 'account-page-reports' },
  } as const;
  const visits = siteVisits([added]);
  expect(visits.map((v) => [v.pattern, v.ready, v.roles])).toEqual([
    ['/account/reports', 'account-page-reports', ['admin']],
  ]);
});

for (const lang of LANGS) {
  test.describe(`axe, ${lang}`, () => {
    for (const role of ['anon', 'bidder', 'owner', 'admin', 'fresh'] as const satisfies SweepRole[]) {
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
          // A page this role may open is not refused to them: an error popup is the page asking what it may not.
          const refusals = await page.locator('[data-testid="popup"][data-kind="error"]').allInnerTexts();
          if (refusals.length)
            found.push(
              `${lang} ${role} ${path}: an error popup: ${refusals.join(' | ').replace(/\s+/g, ' ')}`,
            );
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
