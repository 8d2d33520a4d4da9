import { expectAccessible } from '../support/a11y.ts';
import { openTenders } from '../support/fixtures.ts';
import { type Lang, useSession } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * The open data publication policy (/open-data, host/src/pages/open-data/): reached from the footer in English and
 * Arabic, in the page's language and direction, with its sections and a link to each public endpoint; and one of
 * those endpoints answered through the site.
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

test("a public demo tender's record is served through the site as an OCDS record package", async ({
  request,
}) => {
  const [tender] = await openTenders(null, false);
  expect(tender, 'a public demo tender').toBeTruthy();
  const path = `/api/v1/ocds/tenders/${tender!.id}/record`;
  // The demo's tenders are published by the catch-up at start-up, within the publisher's interval.
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 15_000 }).toBe(200);
  const response = await request.get(path);
  expect(response.headers().etag).toBeTruthy();
  const body = (await response.json()) as {
    version: string;
    license: string;
    publicationPolicy: string;
    records: {
      ocid: string;
      releases: { url: string; tag: string[] }[];
      compiledRelease: { tag: string[] };
    }[];
  };
  expect(body.version).toBe('1.1');
  expect(body.license).toBe('https://creativecommons.org/licenses/by/4.0/');
  expect(body.publicationPolicy).toMatch(/\/open-data$/);
  expect(body.records).toHaveLength(1);
  expect(body.records[0]!.ocid).toBe(`ocds-bwb000-${tender!.id}`);
  expect(body.records[0]!.releases[0]!.tag).toContain('tender');
  expect(body.records[0]!.compiledRelease.tag).toEqual(['compiled']);
  // Answered again with its ETag: nothing changed, nothing sent.
  const again = await request.get(path, { headers: { 'if-none-match': response.headers().etag! } });
  expect(again.status()).toBe(304);
  // The endpoints the policy links answer through the site too.
  for (const endpoint of ENDPOINTS) expect((await request.get(endpoint)).status(), endpoint).toBe(200);
});
