import { invitationLink } from '../support/companies.ts';
import { apiProposal } from '../support/fixtures.ts';
import { openLive, pageAs } from '../support/live.ts';
import {
  type AuthResult,
  apiCall,
  apiLogin,
  DEMO,
  registerUser,
  signInAs,
  useSession,
} from '../support/session.ts';
import { relative } from '../support/shell-data.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * A company's members in the composed site (docs/decisions/0011-organisations.md): an administrator invites a
 * colleague as buyer from Account → Company members; the colleague, new to Bawaba, opens the mailed link, sets a
 * name and password, joins, sees the company as the active one in the top bar and publishes a tender for the
 * company; a bidder member of another company asks a question and bids; another buyer of the first company answers
 * the question; removing the colleague ends their open page's access at once.
 */

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const popup = (page: Page) => page.getByTestId('popup');

/**
 * Another company with a bidder member: its founder registers it, then invites a bidder who joins as a new person
 * (through the API: the members screens are covered above). Answers the bidder's session.
 */
async function bidderOfAnotherCompany(): Promise<{
  bidder: AuthResult;
  founder: AuthResult;
  company: string;
}> {
  const founder = await registerUser('E2E Founder');
  const company = `Gulf Works ${stamp()}`;
  await apiCall(founder.accessToken, 'PUT', '/companies/mine', {
    name: company,
    description: '<p>Fit-out contractors.</p>',
    serviceIds: [1],
  });
  // A new session starts in the founder's company (the active company is part of the session).
  const admin = await apiLogin(founder.email, founder.password);
  const email = `bidder-${stamp()}@e2e.bawaba.qa`;
  await apiCall(admin.accessToken, 'POST', '/members/invitations', { email, roles: ['bidder'] });
  const token = new URL(await invitationLink(email)).searchParams.get('token');
  const bidder = await apiCall<AuthResult>(null, 'POST', '/members/join', {
    token,
    name: 'Badr Bidder',
    password: 'Bidder-Pass-2026',
  });
  return { bidder, founder: admin, company };
}

test('an administrator invites a colleague as buyer; the colleague publishes a tender for the company, another company bids, a buyer colleague answers, and removal ends the colleague’s access live', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const email = `colleague-${stamp()}@e2e.bawaba.qa`;
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

  // The administrator's list now has the colleague as a member, no longer as an invitation.
  await page.reload();
  await expect(page.getByTestId('member').filter({ hasText: email })).toContainText('Buyer');
  await expect(page.getByTestId('pending-invitation').filter({ hasText: email })).toHaveCount(0);

  // The colleague writes a tender and sends it for approval: it is the company's, not the colleague's own.
  const title = `Office fit-out ${stamp()}`;
  await guest.goto('/account/tender-management');
  await guest.getByTestId('new-tender').click();
  const tenderForm = guest.getByTestId('tender-form');
  await tenderForm.getByTestId('tender-title').fill(title);
  await tenderForm.getByTestId('tender-description').click();
  await guest.keyboard.type('Fit-out of two floors in Lusail.');
  await guest.getByTestId('tender-deadline').fill(`${day(10)}T12:00`);
  await guest.getByTestId('tender-start').fill(day(20));
  await guest.getByTestId('tender-end').fill(day(90));
  await guest.getByTestId('tender-save').click();
  const card = guest.getByTestId('tender-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-approval', 'draft');
  await card.getByTestId('publish-tender').click();
  await popup(guest).getByRole('button', { name: 'Publish' }).click();
  await expect(card).toHaveAttribute('data-approval', 'pending');
  const owner = await apiLogin(DEMO.owner);
  const ours = await apiCall<{ items: { id: number; title: string }[] }>(
    owner.accessToken,
    'GET',
    '/tenders/mine',
  );
  const tender = ours.items.find((t) => t.title === title);
  expect(tender, 'the colleague’s tender is among the company’s tenders of its administrator').toBeTruthy();
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender!.id}/approve`);

  // A bidder member of another company asks a question on the tender page, then bids for that company.
  const other = await bidderOfAnotherCompany();
  const asker = await pageAs(browser, other.bidder, 'en');
  await asker.goto(`/tender-profile/${tender!.id}`);
  const question = `Are the floors empty? ${stamp()}`;
  await asker.getByRole('textbox', { name: 'Your question' }).fill(question);
  await asker.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(asker.getByTestId('clarification').filter({ hasText: question })).toHaveAttribute(
    'data-answered',
    'false',
  );
  await apiProposal(other.bidder.accessToken, tender!.id, 'Gulf Works fit-out');
  // The bid is the bidding company's: its founder (a member with every role) has it among the company's proposals.
  const theirs = await apiCall<{ tender: { id: number } }[]>(
    other.founder.accessToken,
    'GET',
    '/proposals/mine',
  );
  expect(theirs.map((p) => p.tender.id)).toContain(tender!.id);

  // Another buyer of the tender's company (not the colleague who wrote it) answers the question on the tender page.
  const buyer = await pageAs(browser, await apiLogin(DEMO.buyer), 'en');
  await buyer.goto(`/tender-profile/${tender!.id}`);
  const toAnswer = buyer.getByTestId('clarification').filter({ hasText: question });
  await toAnswer.getByRole('textbox').fill('Yes, both floors are empty.');
  await toAnswer.getByRole('button', { name: 'Publish answer' }).click();
  await expect(toAnswer).toHaveAttribute('data-answered', 'true');
  await asker.reload();
  await expect(
    asker.getByTestId('clarification').filter({ hasText: question }).getByTestId('clarification-answer'),
  ).toHaveText('Yes, both floors are empty.');

  // The colleague has a page open (its live stream connected) when the administrator removes them: the page is
  // signed out at once, like any ended session.
  await openLive(guest, '/account/tender-management');
  await page.goto('/account/members');
  const row = page.getByTestId('member').filter({ hasText: email });
  await row.getByTestId('remove-member').click();
  await popup(page).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('member').filter({ hasText: email })).toHaveCount(0);
  await expect(popup(guest).getByText("You're not authorized to perform action")).toBeVisible();
  await expect(guest.getByTestId('login-button')).toBeVisible();
  await guestContext.close();
  await asker.context().close();
  await buyer.context().close();
});
