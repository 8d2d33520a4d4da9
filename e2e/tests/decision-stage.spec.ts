/**
 * The decision stage on the composed site, in English and Arabic (docs/decisions/0013-decision-stage.md): a company
 * with an approver publishes a tender; two bidders bid; after the deadline the buyer's award is a request, which the
 * approver approves; the standstill opens (bidders told live, the pages say it); the losing bidder objects on the
 * tender page; the end of the standstill does not make the award final while the objection is open; the buyer
 * dismisses it with reasons (the objector told live); the standstill ends (the API's test hook runs the standstill
 * job as if its days had passed) and the award is final: the buyer's panel, the public page and both bidders' pages
 * say it, and the bidders are told live. Fresh companies and bidders (through the API) keep reruns independent.
 */
import { expect, type Page, test } from '@playwright/test';
import { companyWithMembers } from '../support/companies.ts';
import { apiProposal, endStandstill } from '../support/fixtures.ts';
import { openLive, pageAs, publicTender, toast } from '../support/live.ts';
import { registerUser } from '../support/session.ts';

const TEXT = {
  en: {
    requested: 'Award requested: it waits for an approver',
    toApprove: 'A decision waits for your approval',
    approved: 'Approved: the decision is made',
    standstillOpened: 'Award decided: standstill period',
    standstill: 'Award decided (standstill)',
    ground: 'A scoring error',
    statement: 'What happened',
    remedy: 'What you ask for',
    filed: 'Objection filed: the buyer must answer it before the award becomes final',
    dismissed: 'Your objection was dismissed',
    won: 'Your proposal won',
    lost: 'Tender awarded to another bidder',
    awarded: 'Awarded',
    awardedTo: 'Awarded to',
  },
  ar: {
    requested: 'طُلبت الترسية: بانتظار مُعتمِد',
    toApprove: 'قرار بانتظار موافقتك',
    approved: 'تمت الموافقة: نُفّذ القرار',
    standstillOpened: 'تقرر الترسية: فترة التوقف',
    standstill: 'تقررت الترسية (فترة التوقف)',
    ground: 'خطأ في التقييم',
    statement: 'ماذا حدث',
    remedy: 'ما تطلبه',
    filed: 'قُدّم الاعتراض: يجب على المشتري الرد عليه قبل أن تصبح الترسية نهائية',
    dismissed: 'رُفض اعتراضك',
    won: 'فاز عرضك',
    lost: 'تمت ترسية المناقصة على متقدم آخر',
    awarded: 'تمت الترسية',
    awardedTo: 'تمت الترسية على',
  },
} as const;

/** The Decision panel of `title` on /account/tender-management (the buyer side's workspace), opened. */
async function decisionPanel(page: Page, title: string) {
  await page.goto('/account/tender-management');
  const card = page.getByTestId('tender-card').filter({ hasText: title });
  await card.getByTestId('show-decision').click();
  await expect(card.getByTestId('decision-panel')).toBeVisible();
  return card;
}

/** The bidder's card of `title` on their Proposals page. */
const proposalCard = (page: Page, title: string) =>
  page.getByTestId('proposal-card').filter({ hasText: title });

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test(`an award approved under four eyes, objected to in its standstill, then final (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const {
      founder: buyer,
      members: [approver],
    } = await companyWithMembers(`Lusail Works ${stamp}`, [
      { name: `Amal Approver ${stamp}`, roles: ['approver'] },
    ]);
    const [winner, loser] = await Promise.all([
      registerUser(`Winning Bidder ${stamp}`),
      registerUser(`Losing Bidder ${stamp}`),
    ]);
    // Decided after its deadline, which comes while the pages open (the bids go in right away).
    const deadline = new Date(Date.now() + 20_000);
    const tender = await publicTender(buyer, `E2E decision stage ${stamp}`, deadline, { standstillDays: 5 });
    await Promise.all([winner, loser].map((bidder) => apiProposal(bidder.accessToken, tender.id)));

    const buyerPage = await pageAs(browser, buyer, lang);
    const approverPage = await pageAs(browser, approver!, lang);
    const winnerPage = await pageAs(browser, winner, lang);
    const loserPage = await pageAs(browser, loser, lang);
    const visitor = await pageAs(browser, null, lang);
    await openLive(approverPage, '/account/tender-management');
    await openLive(loserPage, `/tender-profile/${tender.id}`);
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(deadline.getTime() + 500);

    // 1. The buyer awards: the company has an approver, so the award is a request that waits for them.
    const decision = await decisionPanel(buyerPage, tender.title);
    const rows = decision.getByTestId('comparison-row');
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: winner.user.name }).getByTestId('award').click();
    const award = decision.getByTestId('award-form');
    await award.getByRole('textbox').fill('Best value for the fit-out');
    await award.locator('button[type="submit"]').click();
    await expect(toast(buyerPage, T.requested)).toBeVisible();
    await expect(decision.getByTestId('decision-request')).toHaveAttribute('data-action', 'award');
    await expect(decision.getByTestId('decision-panel')).toHaveAttribute('data-state', 'bids_opened');
    // The requester cannot approve their own request.
    await expect(decision.getByTestId('approve-decision')).toHaveCount(0);
    await expect(toast(approverPage, T.toApprove)).toBeVisible();

    // 2. The approver approves: the award is decided and its standstill opens; the bidders are told live.
    const approval = await decisionPanel(approverPage, tender.title);
    await expect(approval.getByTestId('decision-request')).toContainText(buyer.user.name);
    await approval.getByTestId('approve-decision').click();
    await expect(toast(approverPage, T.approved)).toBeVisible();
    await expect(approval.getByTestId('decision-panel')).toHaveAttribute('data-state', 'standstill');
    await expect(approval.getByTestId('standstill-banner')).toBeVisible();
    await expect(toast(loserPage, T.standstillOpened)).toBeVisible();
    await visitor.goto(`/tender-profile/${tender.id}`);
    await expect(visitor.getByTestId('tender-state')).toHaveText(T.standstill);

    // 3. The losing bidder objects on the tender page; the page then offers no second objection.
    await openLive(loserPage, `/tender-profile/${tender.id}`);
    await expect(loserPage.getByTestId('tender-state')).toHaveText(T.standstill);
    const mine = loserPage.getByTestId('my-proposal');
    await mine.getByTestId('file-objection').click();
    const form = mine.getByTestId('objection-form');
    // The box is drawn beside a hidden input: a user clicks the ground's label.
    await form.getByText(T.ground, { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: T.ground })).toBeChecked();
    const statement = `Our price was lower and our method scored the same. ${stamp}`;
    await form.getByRole('textbox', { name: T.statement }).fill(statement);
    await form.getByRole('textbox', { name: T.remedy }).fill('Evaluate the proposals again.');
    await form.getByTestId('send-objection').click();
    await expect(toast(loserPage, T.filed)).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(mine.getByTestId('file-objection')).toHaveCount(0);

    // 4. The standstill ending now would not make the award final: the objection is open.
    expect(await endStandstill(tender.id)).toBe(0);
    await visitor.reload();
    await expect(visitor.getByTestId('tender-state')).toHaveText(T.standstill);

    // 5. The buyer dismisses the objection with reasons; the objector is told live.
    const answering = await decisionPanel(buyerPage, tender.title);
    await expect(answering.getByTestId('decision-panel')).toHaveAttribute('data-state', 'standstill');
    const objection = answering.getByTestId('objection');
    await expect(objection).toHaveAttribute('data-status', 'open');
    await expect(objection).toContainText(statement);
    await expect(objection).toContainText(loser.user.name);
    await objection.getByTestId('dismiss-objection').click();
    await expect(objection.getByTestId('answer-dismiss')).toHaveAttribute('aria-pressed', 'true');
    const answer = objection.getByTestId('answer-objection-form');
    await answer.getByRole('textbox').fill('Both proposals were scored by the published criteria.');
    await answer.locator('button[type="submit"]').click();
    await expect(objection).toHaveAttribute('data-status', 'dismissed');
    await expect(objection.getByTestId('objection-answer')).toContainText(
      'Both proposals were scored by the published criteria.',
    );
    await expect(toast(loserPage, T.dismissed)).toBeVisible();

    // 6. Until the standstill ends, the bidders' Proposals pages show no outcome yet.
    await openLive(winnerPage, '/account/submitted-proposals');
    await openLive(loserPage, '/account/submitted-proposals');
    for (const page of [winnerPage, loserPage]) {
      await expect(proposalCard(page, tender.title)).toBeVisible();
      await expect(proposalCard(page, tender.title).getByTestId('proposal-outcome')).toHaveCount(0);
    }

    // 7. The standstill ends: the award is final, once; the bidders are told live and their pages say it.
    expect(await endStandstill(tender.id)).toBe(1);
    expect(await endStandstill(tender.id)).toBe(0);
    await expect(toast(winnerPage, T.won)).toBeVisible();
    await expect(toast(loserPage, T.lost)).toBeVisible();
    for (const [page, outcome] of [
      [winnerPage, 'awarded'],
      [loserPage, 'unsuccessful'],
    ] as const) {
      await page.reload();
      await expect(proposalCard(page, tender.title).getByTestId('proposal-outcome')).toHaveAttribute(
        'data-outcome',
        outcome,
      );
    }
    await loserPage.goto(`/tender-profile/${tender.id}`);
    await expect(loserPage.getByTestId('my-proposal-outcome')).toHaveAttribute(
      'data-outcome',
      'unsuccessful',
    );
    await expect(loserPage.getByTestId('file-objection')).toHaveCount(0);
    const final = await decisionPanel(buyerPage, tender.title);
    await expect(final.getByTestId('decision-panel')).toHaveAttribute('data-state', 'awarded');
    await expect(final.getByTestId('standstill-banner')).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByTestId('tender-state')).toHaveText(T.awarded);
    await expect(visitor.getByTestId('tender-winner')).toContainText(T.awardedTo);
    await expect(visitor.getByTestId('tender-winner')).toContainText(winner.user.name);

    for (const page of [buyerPage, approverPage, winnerPage, loserPage, visitor])
      await page.context().close();
  });
}
