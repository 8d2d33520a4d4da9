import { apiCall, apiLogin, DEMO, type Lang, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The dashboard in the composed site, on the demo seed, in English and Arabic: an admin sees the marketplace's six
 * charts, a number on hover and from the keyboard, and each chart's numbers in its captioned table — the numbers the
 * API answers; a buyer of the demo company sees that company's four (the marketplace-wide ones left out). In Arabic
 * the charts are mirrored: the value axis on the right.
 */

type Dashboard = {
  scope: 'marketplace' | 'company';
  topCategoriesByTenders: { name: string; count: number }[];
  topCategoriesByFollowers: { name: string; count: number }[] | null;
  proposalsPerTender: { tenders: number };
};

const TEXT = {
  en: {
    marketplace: 'The whole marketplace.',
    company: "Your company's tenders.",
    numbers: 'Show the numbers',
  },
  ar: { marketplace: 'السوق بأكمله.', company: 'مناقصات شركتك.', numbers: 'عرض الأرقام' },
} as const;
const digits = (lang: Lang, n: number) => new Intl.NumberFormat(lang === 'ar' ? 'ar-QA' : 'en-QA').format(n);

async function openDashboard(page: Page, email: string, lang: Lang): Promise<Dashboard> {
  const auth = await apiLogin(email);
  await useSession(page, auth, lang);
  await page.goto('/account/dashboard');
  await expect(page.getByTestId('account-page-dashboard')).toBeVisible();
  return apiCall<Dashboard>(auth.accessToken, 'GET', '/dashboard', undefined, lang);
}

/** The rows of a chart's table, opened from its disclosure: [label, value…] as the reader reads them. */
async function tableRows(page: Page, chart: string, lang: Lang): Promise<string[][]> {
  const card = page.getByTestId(`dashboard-${chart}`);
  await card.getByText(TEXT[lang].numbers).click();
  const table = card.getByTestId(`dashboard-${chart}-table`);
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`dashboard (${lang})`, () => {
    test('an admin sees the marketplace: charts, numbers on hover and from the keyboard, the same numbers in tables', async ({
      page,
    }) => {
      const data = await openDashboard(page, DEMO.admin, lang);
      expect(data.scope).toBe('marketplace');
      await expect(page.getByTestId('dashboard-scope')).toHaveText(TEXT[lang].marketplace);
      for (const chart of [
        'stages',
        'proposals',
        'award',
        'categories-tenders',
        'categories-followers',
        'companies',
      ])
        await expect(page.getByTestId(`dashboard-${chart}-chart`).getByRole('application')).toBeVisible();
      // The demo seed has published tenders in categories, and followers.
      expect(data.topCategoriesByTenders.length).toBeGreaterThan(0);
      expect(await tableRows(page, 'categories-tenders', lang)).toEqual(
        data.topCategoriesByTenders.map((c) => [c.name, digits(lang, c.count)]),
      );
      expect(await tableRows(page, 'categories-followers', lang)).toEqual(
        (data.topCategoriesByFollowers ?? []).map((c) => [c.name, digits(lang, c.count)]),
      );

      // A number on hover: the category's bar shows its count in the tooltip.
      const categories = page.getByTestId('dashboard-categories-tenders-chart');
      await categories.locator('.recharts-bar-rectangle').first().hover();
      await expect(categories.locator('.recharts-tooltip-wrapper')).toContainText(
        digits(lang, data.topCategoriesByTenders[0]!.count),
      );
      // From the keyboard: the chart takes focus, the arrow keys walk its bars.
      const proposals = page.getByTestId('dashboard-proposals-chart');
      await proposals.getByRole('application').focus();
      await page.keyboard.press('ArrowRight');
      await expect(proposals.locator('.recharts-tooltip-wrapper')).toContainText(
        lang === 'ar' ? 'المناقصات' : 'Tenders',
      );

      // Mirrored in Arabic: the value axis stands on the right of the bars.
      const stages = page.getByTestId('dashboard-stages-chart');
      const valueAxis = await stages.locator('.recharts-yAxis').boundingBox();
      const plot = await stages.locator('.recharts-cartesian-grid').boundingBox();
      expect(valueAxis && plot).toBeTruthy();
      if (lang === 'ar') expect(valueAxis!.x).toBeGreaterThanOrEqual(plot!.x + plot!.width - 1);
      else expect(valueAxis!.x + valueAxis!.width).toBeLessThanOrEqual(plot!.x + 1);
    });

    test('a buyer of the demo company sees its tenders only, without the marketplace-wide charts', async ({
      page,
    }) => {
      const data = await openDashboard(page, DEMO.buyer, lang);
      expect(data.scope).toBe('company');
      await expect(page.getByTestId('dashboard-scope')).toHaveText(TEXT[lang].company);
      await expect(page.getByTestId('dashboard-stages-chart').getByRole('application')).toBeVisible();
      await expect(page.getByTestId('dashboard-categories-followers')).toHaveCount(0);
      await expect(page.getByTestId('dashboard-companies')).toHaveCount(0);
      expect(await tableRows(page, 'categories-tenders', lang)).toEqual(
        data.topCategoriesByTenders.map((c) => [c.name, digits(lang, c.count)]),
      );
    });
  });
}
