/**
 * The directory and the tender market joined, on the composed site in English and Arabic (api/README.md
 * "Invitations", "Follows and alerts", "Email for marketplace events"):
 * - a tender owner invites a company from its directory page to a closed tender; the company's owner gets a live
 *   toast and an email in their language, opens the tender and may bid at once (the invitation is an approved
 *   interest); the owner's tracking shows the invitation opened and the bid;
 * - a user follows "Cybersecurity" in the directory's category tree; when an admin approves a new cybersecurity
 *   tender the follower gets a live toast and an email, and their home page lists the tender.
 * Fresh users and companies keep reruns independent. The proposal wizard itself is covered by tenders.spec.ts:
 * here the bid goes in through the API once the page offered it.
 */

import { apiProposal } from '../support/fixtures.ts';
import { draftTender, openLive, pageAs, publicTender, toast } from '../support/live.ts';
import { type AuthResult, apiCall, apiLogin, DEMO, outbox, registerUser } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const TEXT = {
  en: {
    invited: 'Invitation to a tender',
    followed: 'New tender in a service you follow',
    itServices: 'IT Services',
    yes: 'Yes',
    notYet: 'Not yet',
  },
  ar: {
    invited: 'دعوة إلى مناقصة',
    followed: 'مناقصة جديدة في خدمة تتابعها',
    itServices: 'خدمات تقنية المعلومات',
    yes: 'نعم',
    notYet: 'ليس بعد',
  },
} as const;

const DAY = 86_400_000;

/** The id of the seeded "Cybersecurity" service. */
async function cybersecurity(): Promise<number> {
  const found = await apiCall<{ id: number; nameEn: string }[]>(
    null,
    'GET',
    '/services/autocomplete?q=Cybersecurity',
  );
  const service = found.find((s) => s.nameEn === 'Cybersecurity');
  if (!service) throw new Error('the seeded Cybersecurity service is missing');
  return service.id;
}

/** A fresh user with an approved company offering `serviceId`. */
async function supplierWithCompany(name: string, serviceId: number) {
  const owner = await registerUser(name);
  const company = await apiCall<{ id: number; name: string }>(owner.accessToken, 'PUT', '/companies/mine', {
    name: `${name} Co`,
    serviceIds: [serviceId],
  });
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/companies/${company.id}/approve`);
  return { owner, company };
}

/** The mail the outbox holds for `to` with `title`, once it is there. */
const mailLink = (to: string, title: string) =>
  expect.poll(() => outbox().find((m) => m.to === to && m.subject === `Bawaba · ${title}`)?.link, {
    timeout: 15_000,
  });

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test(`invite a company from its page; it is told live and by email, and bids (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const service = await cybersecurity();
    const owner: AuthResult = await apiLogin(DEMO.owner);
    const { owner: supplier, company } = await supplierWithCompany(`E2E Supplier ${stamp}`, service);
    const tender = await publicTender(owner, `E2E invited ${stamp}`, new Date(Date.now() + 10 * DAY), {
      status: 'closed',
      serviceIds: [service],
    });

    const supplierPage = await pageAs(browser, supplier, lang);
    await openLive(supplierPage, '/home');
    const ownerPage = await pageAs(browser, owner, lang);

    // The owner invites the company from its directory page.
    await ownerPage.goto(`/companies/${company.id}`);
    await ownerPage.getByTestId('invite-to-tender').click();
    const dialog = ownerPage.getByTestId('invite-dialog');
    await dialog.locator(`[data-testid="invite-tender-option"][data-tender-id="${tender.id}"]`).click();
    await dialog.getByTestId('invite-confirm').click();
    await expect(dialog.getByTestId('invite-sent')).toBeVisible();

    // The company's owner is told live and by email, in their language, with a link to the tender.
    await expect(toast(supplierPage, T.invited)).toBeVisible();
    await mailLink(supplier.email, T.invited).toMatch(new RegExp(`/tender-profile/${tender.id}$`));

    // They open the closed tender and may bid at once (the invitation is an approved interest).
    await supplierPage.goto(`/tender-profile/${tender.id}`);
    await expect(supplierPage.getByTestId('action-interest')).toHaveCount(0);
    await expect(supplierPage.getByTestId('action-submit-proposal')).toBeEnabled();
    await supplierPage.getByTestId('action-submit-proposal').click();
    await expect(supplierPage.getByTestId('proposal-wizard')).toBeVisible();
    await apiProposal(supplier.accessToken, tender.id);

    // The owner's tracking: opened, approved interest, bid.
    await ownerPage.goto('/account/tender-management');
    const card = ownerPage.getByTestId('tender-card').filter({ hasText: tender.title });
    await card.getByTestId('show-invitations').click();
    const row = card.locator(`[data-testid="invitation-row"][data-company-id="${company.id}"]`);
    await expect(row.getByTestId('invitation-bid')).toHaveText(T.yes);
    await expect(row.getByTestId('invitation-opened')).not.toHaveText(T.notYet);
    await expect(row.getByTestId('invitation-interest')).not.toHaveText('—');

    // Twice is refused with the server's message, and the owner stays signed in.
    await ownerPage.goto(`/companies/${company.id}`);
    await ownerPage.getByTestId('invite-to-tender').click();
    await expect(
      ownerPage.locator(`[data-testid="invite-tender-option"][data-tender-id="${tender.id}"] input`),
    ).toBeDisabled();
  });

  test(`a follower of Cybersecurity hears of a new tender live and by email (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const service = await cybersecurity();
    const owner = await apiLogin(DEMO.owner);
    const follower = await registerUser(`E2E Follower ${stamp}`);
    const page = await pageAs(browser, follower, lang);

    // Follow the service from the directory's category tree.
    await page.goto('/service');
    await page.getByTestId('category-tree').getByRole('button', { name: T.itServices, exact: true }).click();
    const followed = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/follows') && r.request().method() === 'POST' && r.ok(),
    );
    const toggle = page.locator(`[data-testid="follow-toggle"][data-follow="service-${service}"]`);
    await toggle.click();
    await followed;
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    // A new cybersecurity tender waits for approval; the admin approves it while the follower is on the site.
    const tender = await draftTender(owner, `E2E followed ${stamp}`, new Date(Date.now() + 10 * DAY), {
      serviceIds: [service],
    });
    await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
    await openLive(page, '/home');
    const admin = await apiLogin(DEMO.admin);
    await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);

    await expect(toast(page, T.followed)).toBeVisible();
    await mailLink(follower.email, T.followed).toMatch(new RegExp(`/tender-profile/${tender.id}$`));

    // The home page lists it under "New tenders in your services".
    await page.reload();
    await expect(page.getByTestId('followed-tender').filter({ hasText: tender.title })).toBeVisible();
  });
}
