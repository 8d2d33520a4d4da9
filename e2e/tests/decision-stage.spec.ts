/**
 * The decision stage on the composed site, in English and Arabic (docs/decisions/0013-decision-stage.md): a company
 * with an approver publishes a tender; two bidders bid; after the deadline the buyer's award is a request, which the
 * approver approves; the standstill opens (bidders told live, the pages say it); the losing bidder objects on the
 * tender page; the end of the standstill does not make the award final while the objection is open; the buyer
 * dismisses it with reasons (the objector told live); the standstill ends (the API's test hook runs the standstill
 * job as if its days had passed) and the award is final: the buyer's panel, the public page and both bidders' pages
 * say it, and the bidders are told live. The same after an evaluation (docs/decisions/0014-evaluation-panel.md): a
 * weighted two-envelope tender whose buyer appoints a panel of two, one the chair; after the deadline the prices are
 * sealed; both evaluators sign the declaration, score and submit; the chair locks; both pass, the prices open and the
 * results rank the proposals; then the decision stage above. Fresh companies and bidders (through the API) keep reruns
 * independent.
 */

import { companyWithMembers } from '../support/companies.ts';
import { apiProposal, endStandstill, type TenderRow } from '../support/fixtures.ts';
import { openLive, pageAs, publicTender, toast } from '../support/live.ts';
import { type AuthResult, type Lang, registerUser } from '../support/session.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';

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
    panelAppointed: 'Panel appointed: the evaluators are told',
    signed: 'Declaration signed: you may now score the proposals',
    submitted: 'Scores submitted',
    lock: 'Lock',
    locked: 'Technical stage locked',
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
    panelAppointed: 'عُيّنت اللجنة وأُبلغ المقيّمون',
    signed: 'وُقّع الإقرار: يمكنك الآن تقييم العروض',
    submitted: 'قُدّمت الدرجات',
    lock: 'إقفال',
    locked: 'أُقفلت المرحلة الفنية',
  },
} as const;

type Texts = (typeof TEXT)[Lang];

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

/** Everyone the decision stage involves, each with a page of their own in the test's language. */
interface Parties {
  buyer: AuthResult;
  approver: AuthResult;
  winner: AuthResult;
  loser: AuthResult;
  buyerPage: Page;
  approverPage: Page;
  winnerPage: Page;
  loserPage: Page;
  visitor: Page;
}

/** A company with an approver (four eyes on), two fresh bidders, and their pages in `lang`. */
async function parties(browser: Browser, lang: Lang, stamp: string, evaluators: string[] = []) {
  const { founder: buyer, members } = await companyWithMembers(`Lusail Works ${stamp}`, [
    { name: `Amal Approver ${stamp}`, roles: ['approver'] },
    // Evaluators may hold any role: these only read the company's tenders.
    ...evaluators.map((name) => ({ name, roles: ['viewer' as const] })),
  ]);
  const [approver, ...panel] = members as [AuthResult, ...AuthResult[]];
  const [winner, loser] = await Promise.all([
    registerUser(`Winning Bidder ${stamp}`),
    registerUser(`Losing Bidder ${stamp}`),
  ]);
  const pageOf = (auth: AuthResult | null) => pageAs(browser, auth, lang);
  const who: Parties = {
    buyer,
    approver,
    winner,
    loser,
    buyerPage: await pageOf(buyer),
    approverPage: await pageOf(approver),
    winnerPage: await pageOf(winner),
    loserPage: await pageOf(loser),
    visitor: await pageOf(null),
  };
  return { who, panel };
}

/** Closes every page of the test. */
async function closeAll(who: Parties) {
  for (const page of [who.buyerPage, who.approverPage, who.winnerPage, who.loserPage, who.visitor])
    await page.context().close();
}

/**
 * The decision stage after the deadline (and, with a technical stage, after its lock): the buyer's award to the
 * winner is a request; the approver approves it; the standstill shows; the loser objects, which keeps the award from
 * becoming final; the buyer dismisses it; the standstill ends (the API's test hook) and every page says the award is
 * final.
 */
async function decideUnderFourEyes(T: Texts, stamp: string, tender: TenderRow, who: Parties) {
  const { buyer, winner, loser, buyerPage, approverPage, winnerPage, loserPage, visitor } = who;
  await openLive(approverPage, '/account/tender-management');
  await openLive(loserPage, `/tender-profile/${tender.id}`);

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
  await expect(loserPage.getByTestId('my-proposal-outcome')).toHaveAttribute('data-outcome', 'unsuccessful');
  await expect(loserPage.getByTestId('file-objection')).toHaveCount(0);
  const final = await decisionPanel(buyerPage, tender.title);
  await expect(final.getByTestId('decision-panel')).toHaveAttribute('data-state', 'awarded');
  await expect(final.getByTestId('standstill-banner')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId('tender-state')).toHaveText(T.awarded);
  await expect(visitor.getByTestId('tender-winner')).toContainText(T.awardedTo);
  await expect(visitor.getByTestId('tender-winner')).toContainText(winner.user.name);
}

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test(`an award approved under four eyes, objected to in its standstill, then final (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const { who } = await parties(browser, lang, stamp);
    // Decided after its deadline, which comes while the pages open (the bids go in right away).
    const deadline = new Date(Date.now() + 20_000);
    const tender = await publicTender(who.buyer, `E2E decision stage ${stamp}`, deadline, {
      standstillDays: 5,
    });
    await Promise.all([who.winner, who.loser].map((bidder) => apiProposal(bidder.accessToken, tender.id)));
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(deadline.getTime() + 500);

    await decideUnderFourEyes(T, stamp, tender, who);
    await closeAll(who);
  });
}

/** Two criteria, 70 % technical, a pass mark of 60, prices sealed until the technical lock. */
const WEIGHTED_TWO_ENVELOPES = {
  method: 'weighted',
  envelopes: 2,
  criteria: [
    { nameEn: 'Technical approach', nameAr: 'المنهجية الفنية', weight: 60 },
    { nameEn: 'Experience', nameAr: 'الخبرة', weight: 40 },
  ],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 60,
};

/**
 * An evaluator's part on the tender page: signs the declaration naming both bidders, scores each proposal on each
 * criterion (`scores[bidder name]`, one per criterion) with reasons, and submits.
 */
async function signAndScore(page: Page, T: Texts, tenderId: number, scores: Record<string, number[]>) {
  await page.goto(`/tender-profile/${tenderId}`);
  const panel = page.getByTestId('evaluation-panel');
  const declaration = panel.getByTestId('panel-declaration');
  for (const name of Object.keys(scores))
    await expect(declaration.getByTestId('panel-bidders')).toContainText(name);
  await declaration.getByTestId('sign-declaration').click();
  await expect(toast(page, T.signed)).toBeVisible();
  const sheet = panel.getByTestId('scoring-sheet');
  for (const [name, marks] of Object.entries(scores)) {
    const proposal = sheet.getByTestId('proposal-scores').filter({ hasText: name });
    for (const [criterion, mark] of marks.entries()) {
      const cell = proposal.locator(`[data-testid="score-cell"][data-criterion="${criterion}"]`);
      await cell.getByTestId('score-input').fill(String(mark));
      await cell
        .getByTestId('score-comment')
        .fill(`Scored ${mark} from the proposal's method and references.`);
    }
  }
  await expect(sheet.getByTestId('scores-left')).toHaveCount(0);
  await sheet.getByTestId('submit-scores').click();
  await expect(toast(page, T.submitted)).toBeVisible();
  return panel;
}

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test(`a weighted two-envelope tender: the panel declares and scores, the chair locks, prices open, then the decision stage (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const evaluatorName = `Eman Evaluator ${stamp}`;
    const chairName = `Khalid Chair ${stamp}`;
    const { who, panel } = await parties(browser, lang, stamp, [evaluatorName, chairName]);
    const [evaluator, chair] = panel as [AuthResult, AuthResult];
    // The deadline comes while the buyer appoints the panel.
    const deadline = new Date(Date.now() + 30_000);
    const tender = await publicTender(who.buyer, `E2E evaluated tender ${stamp}`, deadline, {
      standstillDays: 5,
      evaluation: WEIGHTED_TWO_ENVELOPES,
    });
    await Promise.all([who.winner, who.loser].map((bidder) => apiProposal(bidder.accessToken, tender.id)));

    // 1. The buyer appoints a panel of two, one of them the chair, in the workspace.
    await who.buyerPage.goto('/account/tender-management');
    const card = who.buyerPage.getByTestId('tender-card').filter({ hasText: tender.title });
    await card.getByTestId('show-panel').click();
    const section = card.getByTestId('evaluation-panel');
    await section.getByTestId('appoint-panel').click();
    const appoint = section.getByTestId('appoint-panel-form');
    const candidates = appoint.getByTestId('panel-candidates');
    // The form starts with the buyer ticked: the panel is the two evaluators alone.
    await candidates.getByText(who.buyer.user.name, { exact: true }).click();
    await candidates.getByText(evaluatorName, { exact: true }).click();
    await candidates.getByText(chairName, { exact: true }).click();
    await appoint.getByTestId('panel-chair').selectOption({ label: chairName });
    await appoint.getByTestId('save-panel').click();
    await expect(toast(who.buyerPage, T.panelAppointed)).toBeVisible();
    const members = section.getByTestId('panel-member');
    await expect(members).toHaveCount(2);
    await expect(members.filter({ hasText: evaluatorName })).toHaveAttribute('data-declaration', 'pending');
    await expect(members.filter({ hasText: chairName })).toHaveAttribute('data-declaration', 'pending');
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(deadline.getTime() + 500);

    // 2. After bid opening the prices are sealed: the buyer's comparison shows none.
    const sealed = await decisionPanel(who.buyerPage, tender.title);
    await expect(sealed.getByTestId('comparison-row')).toHaveCount(2);
    await expect(sealed.getByTestId('row-price').getByTestId('sealed-price')).toHaveCount(2);

    // 3. Each evaluator signs the declaration, scores both proposals and submits; the chair then sees the spread.
    const evaluatorPage = await pageAs(browser, evaluator, lang);
    const chairPage = await pageAs(browser, chair, lang);
    await signAndScore(evaluatorPage, T, tender.id, {
      [who.winner.user.name]: [9, 8],
      [who.loser.user.name]: [7, 6],
    });
    const chairing = await signAndScore(chairPage, T, tender.id, {
      [who.winner.user.name]: [8, 9],
      [who.loser.user.name]: [7, 7],
    });
    await expect(chairing.getByTestId('chair-spread').getByTestId('spread-proposal')).toHaveCount(2);

    // 4. The chair locks the technical stage; the buyer's panel shows the results: both pass, the winner first.
    await chairing.getByTestId('lock-technical').click();
    await chairPage.getByTestId('popup').getByRole('button', { name: T.lock, exact: true }).click();
    await expect(toast(chairPage, T.locked)).toBeVisible();
    // The chair keeps the panel on the tender page once nothing is left to do in it: its results.
    await expect(chairing.getByTestId('result-row')).toHaveCount(2);
    await who.buyerPage.goto('/account/tender-management');
    const locked = who.buyerPage.getByTestId('tender-card').filter({ hasText: tender.title });
    await locked.getByTestId('show-panel').click();
    const results = locked.getByTestId('result-row');
    await expect(results).toHaveCount(2);
    await expect(locked.getByTestId('result-passed')).toHaveCount(2);
    await expect(results.first()).toContainText(who.winner.user.name);

    // 5. The prices are open: the buyer's comparison shows them, each row passed and ranked.
    const open = await decisionPanel(who.buyerPage, tender.title);
    await expect(open.getByTestId('comparison-row')).toHaveCount(2);
    await expect(open.getByTestId('sealed-price')).toHaveCount(0);
    await expect(open.getByTestId('row-technical-passed')).toHaveCount(2);
    await expect(open.getByTestId('row-rank')).toHaveCount(2);

    // 6. The decision stage, as for any tender.
    await decideUnderFourEyes(T, stamp, tender, who);

    // 7. Each bidder reads its own debrief on the tender page: its mean score per criterion against the winner's,
    // and its rank (the evaluators gave the winner 9+8 and 8+9, the other 7+7 and 6+7).
    for (const [page, won, rank, mine] of [
      [who.winnerPage, true, 1, [8.5, 8.5]],
      [who.loserPage, false, 2, [7, 6.5]],
    ] as const) {
      await page.goto(`/tender-profile/${tender.id}`);
      const debrief = page.getByTestId('debrief');
      await expect(debrief).toHaveAttribute('data-winner', String(won));
      await expect(debrief).toHaveAttribute('data-rank', String(rank));
      const criteria = debrief.getByTestId('debrief-criterion');
      await expect(criteria).toHaveCount(2);
      for (const [i, value] of mine.entries()) {
        await expect(criteria.nth(i).getByTestId('debrief-mine')).toHaveAttribute(
          'data-value',
          String(value),
        );
        await expect(criteria.nth(i).getByTestId('debrief-winner')).toHaveAttribute('data-value', '8.5');
      }
      await expect(criteria.first()).toContainText(lang === 'ar' ? 'المنهجية الفنية' : 'Technical approach');
    }
    await evaluatorPage.context().close();
    await chairPage.context().close();
    await closeAll(who);
  });
}
