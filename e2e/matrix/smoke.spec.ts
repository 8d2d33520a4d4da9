/**
 * The release matrix's smoke suite (scripts/release/matrix.ts runs it once per composition of current and previous
 * releases): whatever mix of releases is deployed, every section renders in both languages, one sign-in and one
 * language reach every remote, a remote's link opens another remote's page, and the singletons are one each.
 */
import { appendFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { DEMO, DEMO_PASSWORD } from '../support/session.ts';
import { singletonReport } from '../support/singletons.ts';
import { expect, type Page, test } from '../support/test.ts';

const composition = process.env.MATRIX_COMPOSITION ?? 'current';
/** app → the release version this composition must serve (checked against each build's release.json). */
const expected = JSON.parse(process.env.MATRIX_RELEASES ?? '{}') as Record<string, string>;
/** A remote deliberately built for a newer site than this host, when the composition has one. */
const incompatible = process.env.MATRIX_INCOMPATIBLE ?? '';

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
      // The tender workspace in the account area: the account's own page in its previous release; since then a slot
      // the host fills with the tenders remote's fragment — a host without mounts (the previous one) leaves the
      // account's "needs a newer site version" panel there (docs/decisions/0009-tender-workspace-in-remote-tenders.md).
      await navigate(page, '/account/tender-management');
      if (composition === 'previous-host+current-remotes') {
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
  });
}
