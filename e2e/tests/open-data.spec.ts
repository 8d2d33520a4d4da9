import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { type Lang, useSession } from '../support/session.ts';

/**
 * The open data publication policy (/open-data, host/src/pages/open-data/): reached from the footer in English and
 * Arabic, in the page's language and direction, with its sections and a link to each public endpoint.
 */

const WORDS = {
  en: {
    link: 'Open data',
    title: 'Open data publication policy',
    sections: ['Who publishes', 'What is never published', 'Licence', 'How to access the data'],
  },
  ar: {
    link: 'البيانات المفتوحة',
    title: 'سياسة نشر البيانات المفتوحة',
    sections: ['الجهة الناشرة', 'ما لا يُنشر مطلقًا', 'الترخيص', 'طريقة الوصول إلى البيانات'],
  },
} as const;

const ENDPOINTS = ['/api/v1/ocds/releases', '/api/v1/ocds/bulk', '/api/v1/openapi.json'];

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the footer's link opens the publication policy, its sections and endpoint links (${lang})`, async ({
    page,
  }) => {
    const words = WORDS[lang];
    await useSession(page, null, lang);
    await page.goto('/home');
    await page.getByTestId('site-footer').getByRole('link', { name: words.link, exact: true }).click();
    await expect(page).toHaveURL(/\/open-data$/);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const policy = page.getByTestId('host-page-open-data');
    for (const section of words.sections) {
      await expect(policy.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    for (const endpoint of ENDPOINTS) {
      await expect(policy.getByRole('link', { name: endpoint, exact: true })).toHaveAttribute(
        'href',
        endpoint,
      );
    }
    // The licence, linked.
    await expect(policy.getByRole('link', { name: /CC BY 4\.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    // Opened directly, the page is served painted (host/build/prerender.ts) and React takes it over.
    await page.goto('/open-data');
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByTestId('open-data-reviewed')).toBeVisible();
    await expectAccessible(page, `${lang} /open-data`);
  });
}
