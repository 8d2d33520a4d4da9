import { pageAs } from '../support/live.ts';
import {
  apiCall,
  apiLogin,
  DEMO,
  type Lang,
  registerUser,
  signInAs,
  useSession,
} from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * The catalogue in the composed site, in English and in Arabic: an admin adds a category with two services on the
 * Catalogue page; a company offers one of them, a tender asks for it and the company follows it; the admin merges it
 * into another service after confirming, and the company's profile, the tender and the follow all name the survivor.
 */

const DAY = 86_400_000;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

type AdminCatalog = {
  categories: {
    id: number;
    nameEn: string;
    services: { id: number; nameEn: string; nameAr: string; retired: boolean }[];
  }[];
};

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`an admin adds a category with two services and merges one that a company, a tender and a follow use (${lang})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const s = stamp();
    const category = { en: `Marine works ${s}`, ar: `أعمال بحرية ${s}` };
    const services = [
      { en: `Dredging ${s}`, ar: `تجريف ${s}` },
      { en: `Quay repair ${s}`, ar: `إصلاح الأرصفة ${s}` },
    ];

    // The admin adds the category and its two services on the Catalogue page.
    await useSession(page, null, lang);
    const admin = await signInAs(page, DEMO.admin);
    await page.goto('/account/catalogue');
    await expect(page.getByTestId('account-page-catalogue')).toBeVisible();
    const newCategory = page.getByTestId('catalog-new-category');
    await newCategory.getByTestId('catalog-new-category-en').fill(category.en);
    await newCategory.getByTestId('catalog-new-category-ar').fill(category.ar);
    await newCategory.getByTestId('catalog-new-category-submit').click();
    const card = page.getByTestId('catalog-category').filter({ hasText: category.en });
    await expect(card).toBeVisible();
    await expect(card.getByText(category.ar)).toHaveAttribute('dir', 'rtl');
    for (const name of services) {
      const form = card.getByTestId('catalog-new-service');
      await form.getByTestId('catalog-new-service-en').fill(name.en);
      await form.getByTestId('catalog-new-service-ar').fill(name.ar);
      await form.getByTestId('catalog-new-service-submit').click();
      await expect(card.getByTestId('catalog-entry').filter({ hasText: name.en })).toBeVisible();
    }

    const catalog = await apiCall<AdminCatalog>(admin.accessToken, 'GET', '/admin/catalog');
    const added = catalog.categories.find((c) => c.nameEn === category.en)!.services;
    const merged = added.find((x) => x.nameEn === services[0]!.en)!;
    const survivor = catalog.categories[0]!.services.find((x) => !x.retired)!;

    // A company offers the new service and follows it; a tender asks for it.
    const founder = await registerUser('Catalogue Founder');
    const company = await apiCall<{ id: number }>(founder.accessToken, 'PUT', '/companies/mine', {
      name: `Harbour Builders ${s}`,
      description: '<p>Marine contractors.</p>',
      serviceIds: [merged.id],
    });
    await apiCall(admin.accessToken, 'POST', `/admin/companies/${company.id}/approve`);
    const member = await apiLogin(founder.email, founder.password);
    await apiCall(member.accessToken, 'POST', '/follows', { service: merged.id });
    const owner = await apiLogin(DEMO.owner);
    const tender = await apiCall<{ id: number }>(owner.accessToken, 'POST', '/tenders', {
      title: `Quay dredging ${s}`,
      description: 'Dredging of the north quay',
      status: 'open',
      bond: 0,
      participationFee: 0,
      serviceIds: [merged.id],
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 60 * DAY).toISOString(),
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
    await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);

    // The admin merges it into another service, after a confirmation naming what moves.
    await page.reload();
    const row = page
      .getByTestId('catalog-entry')
      .and(page.locator(`[data-entry-id="${merged.id}"][data-kind="services"]`));
    await expect(row).toContainText(lang === 'ar' ? 'شركة واحدة' : '1 company');
    await row.getByTestId('catalog-merge-open').click();
    await row.getByTestId('catalog-merge-into').selectOption(String(survivor.id));
    await row.getByTestId('catalog-merge').click();
    const popup = page.getByTestId('popup');
    await expect(popup).toContainText(survivor.nameEn);
    await popup.getByRole('button', { name: lang === 'ar' ? 'دمج' : 'Merge', exact: true }).click();
    await expect(row).toHaveCount(0);

    // The company's profile, the tender and the company's follow name the survivor.
    const survivorName = lang === 'ar' ? survivor.nameAr : survivor.nameEn;
    const mergedName = lang === 'ar' ? merged.nameAr : merged.nameEn;
    const seen = await pageAs(browser, member, lang);
    await seen.goto(`/companies/${company.id}`);
    await expect(seen.getByTestId('company-profile')).toContainText(survivorName);
    await expect(seen.getByTestId('company-profile')).not.toContainText(mergedName);
    await seen.goto(`/tender-profile/${tender.id}`);
    await expect(seen.getByTestId('tender-profile')).toContainText(survivorName);
    await expect(seen.getByTestId('tender-profile')).not.toContainText(mergedName);
    await seen.goto('/account');
    const follows = seen.getByTestId('followed-item');
    await expect(follows.filter({ hasText: survivorName })).toHaveCount(1);
    await expect(follows.filter({ hasText: mergedName })).toHaveCount(0);
    await seen.close();
  });
}
