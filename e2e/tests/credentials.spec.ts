import { PDF } from '../support/fixtures.ts';
import { pageAs, publicTender } from '../support/live.ts';
import { type AuthResult, apiCall, apiLogin, DEMO, type Lang, registerUser } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * Credentials in the composed site (docs/product-decisions.md "Credentials"), in English and Arabic: a company's
 * administrator uploads its ISO certificate from Account → Credentials, a platform admin verifies it in the
 * verification queue, and the company's page shows it as a dated badge; a tender requiring an ISO certificate tells
 * a bidder without one (a person acting without a company holds none) so, and does not offer them the proposal form.
 */

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

const WORDS = {
  en: { iso: 'ISO certificate', pending: 'Waiting for verification', verified: 'Verified · expires' },
  ar: { iso: 'شهادة الأيزو', pending: 'بانتظار التحقق', verified: 'موثّقة · تنتهي في' },
} as const;

/** A new, approved company whose founder administers it: the founder's session acting for it, and its id. */
async function approvedCompany(): Promise<{ founder: AuthResult; companyId: number }> {
  const person = await registerUser('E2E Credentials Founder');
  const company = await apiCall<{ id: number }>(person.accessToken, 'PUT', '/companies/mine', {
    name: `Certified Works ${stamp()}`,
    description: '<p>Certified fit-out contractors.</p>',
    serviceIds: [1],
  });
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/companies/${company.id}/approve`);
  // A new session starts in the founder's company (the active company is part of the session).
  return { founder: await apiLogin(person.email, person.password), companyId: company.id };
}

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`a company uploads a credential, an admin verifies it, its badge shows; a tender requiring it refuses a bidder without it (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[lang];
    const { founder, companyId } = await approvedCompany();
    const title = `ISO 9001 ${stamp()}`;

    // The company's administrator uploads its ISO certificate.
    const own = await pageAs(browser, founder, lang);
    await own.goto('/account/credentials');
    await expect(own.getByTestId('account-page-credentials')).toBeVisible();
    await own.getByTestId('credential-kind').selectOption('iso_certificate');
    await own.getByTestId('credential-title-input').fill(title);
    await own.getByTestId('credential-issuer').fill('Bureau Veritas');
    await own.getByTestId('credential-issued').fill(day(-100));
    await own.getByTestId('credential-expires').fill(day(400));
    await own
      .getByTestId('credential-file-input')
      .setInputFiles({ name: 'iso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(own.getByTestId('credential-file-name')).toHaveText('iso.pdf');
    await own.getByTestId('credential-submit').click();
    const mine = own.getByTestId('credential-row').filter({ hasText: title });
    await expect(mine.getByTestId('credential-status')).toHaveText(words.pending);
    await expect(mine).toContainText(words.iso);

    // A platform admin verifies it in the queue.
    const admin = await pageAs(browser, await apiLogin(DEMO.admin), lang);
    await admin.goto('/account/credential-verification');
    const queued = admin.getByTestId('credential-row').filter({ hasText: title });
    await expect(queued.getByTestId('credential-company')).toContainText('Certified Works');
    await queued.getByTestId('credential-verify').click();
    await expect(queued).toHaveCount(0);

    // The company's page shows it as a dated badge, to another signed-in user.
    const bidder = await pageAs(browser, await registerUser('E2E Uncertified Bidder'), lang);
    await bidder.goto(`/companies/${companyId}`);
    const badge = bidder.getByTestId('credential-badge').filter({ hasText: title });
    await expect(badge).toContainText(words.iso);
    await expect(badge).toContainText(words.verified);

    // A tender requiring an ISO certificate: a bidder acting without a company holds none and is told so.
    const owner = await apiLogin(DEMO.owner);
    const tender = await publicTender(
      owner,
      `Certified fit-out ${stamp()}`,
      new Date(Date.now() + 10 * DAY),
      {
        requiredCredentials: ['iso_certificate'],
      },
    );
    await bidder.goto(`/tender-profile/${tender.id}`);
    await expect(bidder.getByTestId('required-credential')).toHaveText(words.iso);
    await expect(bidder.getByTestId('credentials-missing')).toBeVisible();
    await expect(bidder.getByTestId('action-submit-proposal')).toHaveCount(0);
    await bidder.goto(`/submit-proposal/${tender.id}`);
    await expect(bidder.getByTestId('wizard-blocked')).toHaveAttribute('data-reason', 'credentials');

    // The certified company may bid.
    await own.goto(`/tender-profile/${tender.id}`);
    await expect(own.getByTestId('required-credential')).toHaveText(words.iso);
    await expect(own.getByTestId('credentials-missing')).toHaveCount(0);
    await expect(own.getByTestId('action-submit-proposal')).toBeEnabled();
  });
}
