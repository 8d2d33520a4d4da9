import { expectAccessible } from '../support/a11y.ts';
import { apiProposal } from '../support/fixtures.ts';
import { apiCall, apiLogin, DEMO, registerUser, useSession } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * Business-written texts in two languages: an owner using the Arabic site writes a tender only in Arabic (its
 * description in the rich-text editor, with bold text and a list); once it is approved, a reader of the English site sees its title and description marked as Arabic (`lang="ar"`,
 * `dir="rtl"`) inside the English page, without the language switch (there is no English version), and the page
 * stays accessible; where both versions are written, the switch shows the other one.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('an Arabic-only tender written on the Arabic site is marked Arabic on the English site', async ({
  page,
  browser,
}) => {
  const owner = await registerUser('E2E Bilingual Owner');
  await useSession(page, owner, 'ar');
  await page.goto('/account/tender-management');
  await page.getByTestId('new-tender').click();
  // Neither title written: refused by the form, in Arabic.
  await page.getByTestId('tender-save').click();
  await expect(page.getByText('اكتب العنوان بالعربية أو بالإنجليزية أو بكلتيهما.')).toBeVisible();

  const title = `صيانة المصاعد ${unique()}`;
  const titleField = page.getByTestId('tender-title-ar');
  await expect(titleField).toHaveAttribute('dir', 'rtl');
  await titleField.fill(title);
  // The description in the rich-text editor (its Arabic tab comes first on the Arabic site): bold text and a list.
  const form = page.getByTestId('tender-form');
  const editor = form.getByTestId('tender-description-ar');
  await expect(editor).toHaveAttribute('aria-label', 'الوصف');
  // A toolbar button gives the focus back to the editor a frame later (tiptap's focus()): wait for it.
  const tool = async (name: string) => {
    await form.getByRole('button', { name, exact: true }).click();
    await expect(editor).toBeFocused();
  };
  await editor.click();
  await page.keyboard.type('نطاق الأعمال: ');
  await tool('غامق');
  await page.keyboard.type('صيانة دورية');
  await tool('غامق');
  await page.keyboard.press('Enter');
  await tool('قائمة نقطية');
  await page.keyboard.type('جميع المصاعد');
  await expectAccessible(page, 'tender form with the rich-text editor, Arabic site');
  await page.getByTestId('tender-deadline').fill(`${day(10)}T12:00`);
  await page.getByTestId('tender-start').fill(day(20));
  await page.getByTestId('tender-end').fill(day(90));
  await page.getByTestId('tender-save').click();
  const card = page.getByTestId('tender-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-approval', 'draft');
  await card.getByTestId('publish-tender').click();
  await page.getByTestId('popup').getByRole('button', { name: 'نشر' }).click();
  await expect(card).toHaveAttribute('data-approval', 'pending');

  const mine = await apiCall<{
    items: { id: number; titleEn: string | null; titleAr: string | null; descriptionAr: string | null }[];
  }>(owner.accessToken, 'GET', '/tenders/mine');
  const created = mine.items.find((t) => t.titleAr === title)!;
  expect(created.titleEn).toBeNull();
  // The editor's HTML survived the server's sanitizer.
  expect(created.descriptionAr).toMatch(
    /^<p>نطاق الأعمال: ?<strong> ?صيانة دورية<\/strong><\/p><ul><li><p>جميع المصاعد<\/p><\/li><\/ul>$/,
  );
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${created.id}/approve`);

  // A reader of the English site, in a browser context of their own (axe needs one).
  const context = await browser.newContext();
  const reader = await context.newPage();
  await useSession(reader, await registerUser('E2E Bilingual Reader'), 'en');
  await reader.goto(`/tender-profile/${created.id}`);
  await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
  const heading = reader.getByTestId('tender-title');
  await expect(heading).toHaveAttribute('title', title);
  await expect(heading).toHaveAttribute('lang', 'ar');
  await expect(heading).toHaveAttribute('dir', 'rtl');
  const description = reader.getByTestId('tender-description');
  await expect(description.locator('strong')).toHaveText('صيانة دورية');
  await expect(description.locator('ul > li')).toHaveText('جميع المصاعد');
  await expect(description).toHaveAttribute('lang', 'ar');
  await expect(description).toHaveAttribute('dir', 'rtl');
  // Only one version is written: nothing to switch to.
  await expect(reader.getByTestId('version-switch')).toHaveCount(0);
  await expectAccessible(reader, 'tender page, Arabic-only tender on the English site');

  // In the tender list too, the card's title is marked Arabic.
  await reader.goto(`/tender?q=${encodeURIComponent(title)}`);
  const listed = reader.getByTestId('tender-card').filter({ hasText: title }).getByTestId('tender-title');
  await expect(listed).toHaveAttribute('lang', 'ar');
  await expect(listed).toHaveAttribute('dir', 'rtl');
  await context.close();
});

test('where both versions are written, the tender page offers the other one', async ({ page }) => {
  const owner = await registerUser('E2E Bilingual Both');
  const tender = await apiCall<{ id: number }>(owner.accessToken, 'POST', '/tenders', {
    titleEn: `Lift maintenance ${unique()}`,
    titleAr: 'صيانة المصاعد',
    descriptionEn: 'Scope of work',
    descriptionAr: 'نطاق الأعمال',
    serviceIds: [1],
    start_date: day(20),
    end_date: day(60),
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);

  await useSession(page, null, 'en');
  await page.goto(`/tender-profile/${tender.id}`);
  const heading = page.getByTestId('tender-title');
  await expect(heading).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('tender-description')).toHaveText('Scope of work');
  await page.getByTestId('version-switch').click();
  await expect(heading).toHaveText('صيانة المصاعد');
  await expect(heading).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('tender-description')).toHaveText('نطاق الأعمال');
  await expect(page.getByTestId('version-switch')).toHaveText('Also in English');
  await expectAccessible(page, 'tender page, Arabic version on the English site');
});

test('an Arabic-only tender in the bidder’s proposals is marked Arabic on the English site', async ({
  page,
}) => {
  const owner = await registerUser('E2E Bilingual Nested Owner');
  const title = `توريد أثاث مكتبي ${unique()}`;
  const tender = await apiCall<{ id: number }>(owner.accessToken, 'POST', '/tenders', {
    titleAr: title,
    descriptionAr: 'مكاتب وكراسي',
    status: 'open',
    serviceIds: [1],
    start_date: day(20),
    end_date: day(60),
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);
  const bidder = await registerUser('E2E Bilingual Nested Bidder');
  await apiProposal(bidder.accessToken, tender.id);

  // The proposal's tender is a nested text: the API gives its language, the page marks it.
  await useSession(page, bidder, 'en');
  await page.goto('/account/submitted-proposals');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const listed = page.getByTestId('proposal-tender').filter({ hasText: title });
  await expect(listed).toHaveAttribute('lang', 'ar');
  await expect(listed).toHaveAttribute('dir', 'rtl');
});
