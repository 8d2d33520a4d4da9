import { expectAccessible } from '../support/a11y.ts';
import { draftTender } from '../support/live.ts';
import { apiCall, apiLogin, DEMO, registerUser, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Search that understands Arabic (docs/api/search.md), in the Arabic UI: a bidder finds an Arabic-only tender on
 * /tender by variant spellings and by its number typed in Arabic-Indic digits; a company with an Arabic name is
 * found in the directory by that name with another hamza form, and by `الدوحة`; matched words are marked.
 */

const DAY = 86_400_000;
const indic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function searchTenders(page: Page, field: 'q' | 'number', text: string) {
  await page.getByTestId('filters-clear').click();
  await page.locator(`[name="${field}"]`).fill(text);
  await page.getByTestId('filters-search').click();
}

test('a bidder finds an Arabic-only tender by variant spellings and by its number in Arabic-Indic digits', async ({
  page,
}) => {
  const owner = await apiLogin(DEMO.owner);
  const admin = await apiLogin(DEMO.admin);
  const stamp = Date.now().toString(36);
  // A word of its own (Latin letters inside an Arabic title are common: a site's code), so one card is expected.
  const title = `صيانة المكيّفات في مبنى الإدارة ${stamp}`;
  const tender = await draftTender(owner, title, new Date(Date.now() + 20 * DAY));
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);

  await useSession(page, await apiLogin(DEMO.bidder), 'ar');
  await page.goto('/tender');
  await expect(page.getByTestId('tender-card').first()).toBeVisible();
  const card = page.locator(`[data-testid="tender-card"][data-tender-id="${tender.id}"]`);

  for (const typed of [
    `صيانة المكيفات ${stamp}`, // as written, without the shadda
    `صيانه المكيّفات ${stamp}`, // ta marbuta as ha
    `الأدارة ${stamp}`, // another alef form
    `صِيَانَة ${stamp}`, // with diacritics
  ]) {
    await searchTenders(page, 'q', typed);
    await expect(page.getByTestId('tender-card')).toHaveCount(1);
    await expect(card).toBeVisible();
    // The matched words are marked in the title.
    await expect(card.getByTestId('tender-title').locator('mark').first()).toBeVisible();
  }

  // The number, typed in Arabic-Indic digits: in the keyword box and in the reference number box.
  await searchTenders(page, 'q', indic(tender.number));
  await expect(card).toBeVisible();
  await expect(page.getByTestId('tender-card').first()).toHaveAttribute('data-tender-id', String(tender.id));
  await searchTenders(page, 'number', indic(tender.number));
  await expect(page.getByTestId('tender-card')).toHaveCount(1);
  await expect(card).toBeVisible();
  await expectAccessible(page, 'tender search (ar)');
});

test('a company with an Arabic name is found by another hamza form of it and by الدوحة', async ({ page }) => {
  const admin = await apiLogin(DEMO.admin);
  const locations = await apiCall<{ id: number; nameEn: string }[]>(null, 'GET', '/locations');
  const doha = locations.find((l) => l.nameEn === 'Doha')!;
  const stamp = Date.now().toString(36);
  const name = `مؤسسة الأمل للمقاولات ${stamp}`;
  const founder = await registerUser('Amal Founder');
  const company = await apiCall<{ id: number }>(founder.accessToken, 'PUT', '/companies/mine', {
    name,
    description: '<p>مقاولات عامة وصيانة في قطر.</p>',
    serviceIds: [1],
    locationId: doha.id,
  });
  await apiCall(admin.accessToken, 'POST', `/admin/companies/${company.id}/approve`);

  await useSession(page, await apiLogin(DEMO.bidder), 'ar');
  const keyword = page.getByRole('combobox', { name: 'كلمة البحث' });
  const card = page.locator(`[data-testid="company-card"][data-company-id="${company.id}"]`);

  // The name with the other hamza forms (ؤ and أ written bare), as a Persian keyboard or a hurry types it.
  await page.goto('/service');
  await keyword.fill(`موسسه الامل ${stamp}`);
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  await expect(page.getByTestId('company-card')).toHaveCount(1);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('company-name').locator('mark')).toHaveCount(3);

  // الدوحة: the companies in Doha (its location's Arabic name), this one among them; walk the pages to it.
  await keyword.fill('الدوحة');
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  const inDoha = await apiCall<{ totalItems: number }>(null, 'GET', `/companies?location=${doha.id}&limit=1`);
  const count = page.getByTestId('result-count');
  // The previous search's count stays on screen until this one answers: wait for the new figure, not any figure.
  await expect
    .poll(async () => Number(await count.getAttribute('data-count')))
    .toBeGreaterThanOrEqual(inDoha.totalItems);
  const pager = page.getByTestId('pager').first();
  const pages = Number(await pager.getAttribute('data-page-count'));
  for (let p = 1; p <= pages && !(await card.isVisible()); p++) {
    if (p > 1) {
      await pager.getByRole('button', { name: 'الصفحة التالية' }).click();
      await expect(pager).toHaveAttribute('data-page', String(p));
      await expect(page.getByTestId('company-list')).toHaveCSS('opacity', '1');
    }
  }
  await expect(card).toBeVisible();
  await expect(card.locator('mark').filter({ hasText: 'الدوحة' }).first()).toBeVisible();
  await expectAccessible(page, 'directory search (ar)');
});
