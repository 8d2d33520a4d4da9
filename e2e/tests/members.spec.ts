import { expect, test } from '@playwright/test';
import { DEMO, outbox, signInAs, useSession } from '../support/session.ts';
import { relative } from '../support/shell-data.ts';

/**
 * A company's members in the composed site (docs/decisions/0011-organisations.md): an administrator invites a
 * colleague as buyer from Account → Company members; the colleague, new to Bawaba, opens the mailed link, sets a
 * name and password, joins, and sees the company as the active one in the top bar.
 */

/** The newest invitation link mailed to `email` (waits for the outbox file). */
async function invitationLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = outbox()
      .filter((m) => m.to === email && m.link?.includes('/accept-invitation'))
      .at(-1);
    if (mail?.link) return mail.link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail for ${email}`);
}

test('an administrator invites a colleague as buyer; the new colleague accepts from the mail and acts for the company', async ({
  browser,
  page,
}) => {
  const email = `colleague-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.bawaba.qa`;
  await useSession(page, null, 'en');
  await signInAs(page, DEMO.owner);
  await page.goto('/account/members');
  await expect(page.getByTestId('account-page-members')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members of Doha Digital Solutions' })).toBeVisible();
  await expect(page.getByTestId('member').filter({ hasText: DEMO.owner })).toBeVisible();

  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Email').fill(email);
  // Viewer is ticked to start with: the colleague is a buyer only.
  await invite.getByRole('checkbox', { name: /Viewer/ }).uncheck({ force: true });
  await invite.getByRole('checkbox', { name: /Buyer/ }).check({ force: true });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByTestId('pending-invitation').filter({ hasText: email });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('Buyer');

  const link = await invitationLink(email);
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await useSession(guest, null, 'en');
  await guest.goto(relative(link));
  await expect(guest.getByTestId('invitation-summary')).toContainText('Doha Digital Solutions');
  await expect(guest.getByTestId('invitation-summary')).toContainText('Buyer');
  const form = guest.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Your name').fill('Hessa Colleague');
  await form.getByLabel('New password').fill('Colleague-2026');
  await form.getByLabel('Confirm password').fill('Colleague-2026');
  await form.getByRole('button', { name: 'Create my account and join' }).click();

  // Signed in, in the company's members page, with the company active in the top bar.
  await expect(guest.getByTestId('account-page-members')).toBeVisible();
  await expect(guest.getByTestId('active-company')).toHaveText('Doha Digital Solutions');
  const me = guest.getByTestId('member').filter({ hasText: email });
  await expect(me).toContainText('Buyer');
  await expect(me.getByTestId('leave-company')).toBeVisible();
  // A buyer is offered nothing to manage.
  await expect(guest.getByTestId('invite-member')).toHaveCount(0);
  await guestContext.close();

  // The administrator's list now has the colleague as a member, no longer as an invitation.
  await page.reload();
  await expect(page.getByTestId('member').filter({ hasText: email })).toContainText('Buyer');
  await expect(page.getByTestId('pending-invitation').filter({ hasText: email })).toHaveCount(0);
});
