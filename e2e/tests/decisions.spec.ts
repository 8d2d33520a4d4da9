/**
 * Tenders that end in a decision, on the composed site in English and Arabic (api/README.md "Tender lifecycle"):
 * a bidder asks, the owner answers, a second bidder sees the answer; the owner amends and a bidder is told live;
 * after the deadline the owner compares three proposals, shortlists two and awards one; the winner and a loser
 * are told live and see it on their Proposals pages; a visitor sees "Awarded"; a cancelled tender likewise.
 * Fresh bidders (registered through the API) keep reruns independent.
 */

import { apiProposal } from '../support/fixtures.ts';
import { openLive, pageAs, publicTender, toast } from '../support/live.ts';
import { apiLogin, DEMO, outbox, registerUser, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

const TEXT = {
  en: {
    ask: 'Ask',
    question: 'Your question',
    publishAnswer: 'Publish answer',
    amended: 'Tender amended (amendment 1)',
    won: 'Your proposal won',
    lost: 'Tender awarded to another bidder',
    awarded: 'Awarded',
    cancelled: 'Cancelled',
    awardedTo: 'Awarded to',
    amendment: 'Amendment 1',
  },
  ar: {
    ask: 'اسأل',
    question: 'سؤالك',
    publishAnswer: 'نشر الإجابة',
    amended: 'تم تعديل المناقصة (التعديل 1)',
    won: 'فاز عرضك',
    lost: 'تمت ترسية المناقصة على متقدم آخر',
    awarded: 'تمت الترسية',
    cancelled: 'ملغاة',
    awardedTo: 'تمت الترسية على',
    amendment: 'التعديل 1',
  },
} as const;

const DAY = 86_400_000;

/** The owner's Decision panel of `title` on /account/tender-management. */
async function decisionPanel(page: Page, title: string) {
  await page.goto('/account/tender-management');
  const card = page.getByTestId('tender-card').filter({ hasText: title });
  await card.getByTestId('show-decision').click();
  await expect(card.getByTestId('decision-panel')).toBeVisible();
  return card;
}

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test(`a tender from questions to award, and a cancelled one (${lang})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const owner = await apiLogin(DEMO.owner);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const [first, second, third] = await Promise.all([
      registerUser(`Bidder One ${stamp}`),
      registerUser(`Bidder Two ${stamp}`),
      registerUser(`Bidder Three ${stamp}`),
    ]);
    const asked = await publicTender(owner, `E2E questions ${stamp}`, new Date(Date.now() + 10 * DAY));
    const cancelled = await publicTender(owner, `E2E cancel ${stamp}`, new Date(Date.now() + 10 * DAY));
    // Decided after its deadline, which comes while the questions part runs (the bids go in right away).
    const decidedDeadline = new Date(Date.now() + 20_000);
    // No standstill: the award is final at once (the standstill's own e2e is the decision stage's).
    const decided = await publicTender(owner, `E2E award ${stamp}`, decidedDeadline, { standstillDays: 0 });
    await Promise.all([first!, second!, third!].map((bidder) => apiProposal(bidder.accessToken, decided.id)));
    await apiProposal(second!.accessToken, asked.id);
    await apiProposal(third!.accessToken, cancelled.id);

    const firstPage = await pageAs(browser, first!, lang);
    const secondPage = await pageAs(browser, second!, lang);
    const ownerPage = await pageAs(browser, owner, lang);
    const visitor = await pageAs(browser, null, lang);

    // 1. A bidder asks; the question is theirs alone until answered.
    await openLive(firstPage, `/tender-profile/${asked.id}`);
    const question = `Is the furniture included? ${stamp}`;
    await firstPage.getByRole('textbox', { name: T.question }).fill(question);
    await firstPage.getByRole('button', { name: T.ask, exact: true }).click();
    const mine = firstPage.getByTestId('clarification').filter({ hasText: question });
    await expect(mine).toHaveAttribute('data-answered', 'false');
    await secondPage.goto(`/tender-profile/${asked.id}`);
    await expect(secondPage.getByTestId('clarifications')).toBeVisible();
    await expect(secondPage.getByTestId('clarification').filter({ hasText: question })).toHaveCount(0);

    // 2. The owner answers on the tender page; the second bidder sees the answer, the asker unnamed.
    await ownerPage.goto(`/tender-profile/${asked.id}`);
    const toAnswer = ownerPage.getByTestId('clarification').filter({ hasText: question });
    await toAnswer.getByRole('textbox').fill('Yes: desks and chairs.');
    await toAnswer.getByRole('button', { name: T.publishAnswer }).click();
    await expect(toAnswer).toHaveAttribute('data-answered', 'true');
    await secondPage.reload();
    const published = secondPage.getByTestId('clarification').filter({ hasText: question });
    await expect(published.getByTestId('clarification-answer')).toHaveText('Yes: desks and chairs.');
    await expect(published).not.toContainText(first!.user.name);

    // 3. The owner amends; the asker (a participant) is told live; the tender page lists the amendment.
    const panel = await decisionPanel(ownerPage, asked.title);
    await panel.getByTestId('amend-tender').click();
    const amend = panel.getByTestId('amend-form');
    await amend.getByTestId('amend-reason').fill('Scope clarified');
    // The English description, in the rich-text editor's English tab (the Arabic page opens the Arabic one first).
    await amend.getByTestId('amend-description-tab-en').click();
    await amend.getByTestId('amend-description').fill('Fit-out of the Lusail office, furniture included');
    await amend.locator('button[type="submit"]').click();
    await expect(toast(firstPage, T.amended)).toBeVisible();
    await firstPage.reload();
    await expect(firstPage.getByTestId('amendment')).toContainText(T.amendment);
    await expect(firstPage.getByTestId('tender-description')).toHaveText(
      'Fit-out of the Lusail office, furniture included',
    );

    // 4. After the deadline: compare three, shortlist two, award one.
    await openLive(firstPage, '/account/submitted-proposals');
    await openLive(secondPage, '/account/submitted-proposals');
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(decidedDeadline.getTime() + 500);
    const decision = await decisionPanel(ownerPage, decided.title);
    const rows = decision.getByTestId('comparison-row');
    await expect(rows).toHaveCount(3);
    const rowOf = (name: string) => rows.filter({ hasText: name });
    for (const bidder of [first!, second!]) {
      await rowOf(bidder.user.name).getByTestId('shortlist').click();
      await expect(rowOf(bidder.user.name)).toHaveAttribute('data-evaluation', 'shortlisted');
    }
    await rowOf(first!.user.name).getByTestId('award').click();
    const award = decision.getByTestId('award-form');
    await award.getByRole('textbox').fill('Best value');
    await award.locator('button[type="submit"]').click();
    await expect(decision.getByTestId('decision-panel')).toHaveAttribute('data-state', 'awarded');

    // 5. The winner and a loser are told live, and their Proposals pages say it.
    await expect(toast(firstPage, T.won)).toBeVisible();
    await expect(toast(secondPage, T.lost)).toBeVisible();
    for (const [page, outcome] of [
      [firstPage, 'awarded'],
      [secondPage, 'unsuccessful'],
    ] as const) {
      await page.reload();
      const card = page.getByTestId('proposal-card').filter({ hasText: decided.title });
      await expect(card.getByTestId('proposal-outcome')).toHaveAttribute('data-outcome', outcome);
    }

    // ... and by email, in the language stored on their account, with a link to their proposals.
    await expect
      .poll(() => outbox().find((m) => m.to === first!.email && m.subject === `Bawaba · ${T.won}`)?.link)
      .toMatch(/\/account\/submitted-proposals$/);

    // 6. A visitor sees "Awarded" with the winner on the public tender page.
    await visitor.goto(`/tender-profile/${decided.id}`);
    await expect(visitor.getByTestId('tender-state')).toHaveText(T.awarded);
    await expect(visitor.getByTestId('tender-winner')).toContainText(T.awardedTo);
    await expect(visitor.getByTestId('tender-winner')).toContainText(first!.user.name);
    await expect(visitor.getByTestId('tender-outcome-note')).toHaveCount(0);
    await expect(visitor.getByTestId('tender-actions')).toHaveCount(0);

    // 7. A cancelled tender: the reason is public, the badge says so, nobody can bid.
    const cancel = await decisionPanel(ownerPage, cancelled.title);
    await cancel.getByTestId('cancel-tender').click();
    const form = cancel.getByTestId('cancel-form');
    await form.getByRole('textbox').fill('The project was postponed.');
    await form.locator('button[type="submit"]').click();
    await expect(cancel.getByTestId('decision-panel')).toHaveAttribute('data-state', 'cancelled');
    await visitor.goto(`/tender-profile/${cancelled.id}`);
    await expect(visitor.getByTestId('tender-state')).toHaveText(T.cancelled);
    await expect(visitor.getByTestId('tender-outcome')).toHaveAttribute('data-outcome', 'cancelled');
    await expect(visitor.getByTestId('tender-outcome-note')).toContainText('The project was postponed.');
    await expect(visitor.getByTestId('tender-actions')).toHaveCount(0);
    // The list filters by stage and badges the tender.
    await visitor.goto(`/tender?state=cancelled&number=${encodeURIComponent(cancelled.number)}`);
    const listed = visitor.getByTestId('tender-card').filter({ hasText: cancelled.number });
    await expect(listed.getByTestId('tender-state')).toHaveAttribute('data-state', 'cancelled');
    // The API refuses a bid on it with the translated reason (the page offers none).
    await expect(apiProposal(first!.accessToken, cancelled.id)).rejects.toThrow(/TENDER_ENDED/);
  });
}

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const lang of ['en', 'ar'] as const) {
  test(`the comparison's actions are reachable without sideways scrolling at 1366 px and on a phone (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await apiLogin(DEMO.owner);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const bidders = await Promise.all(
      [
        'Al Mansoori Engineering and Contracting',
        'Gulf Star Facilities Management',
        'Doha Fit-Out Works',
      ].map((name) => registerUser(`${name} ${stamp}`)),
    );
    const deadline = new Date(Date.now() + 8_000);
    const tender = await publicTender(owner, `E2E layout ${stamp}`, deadline);
    await Promise.all(bidders.map((b) => apiProposal(b!.accessToken, tender.id)));
    await expect.poll(() => Date.now(), { timeout: 30_000 }).toBeGreaterThan(deadline.getTime() + 500);

    for (const viewport of VIEWPORTS) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await useSession(page, owner, lang);
      const card = await decisionPanel(page, tender.title);
      const rows = card.getByTestId('comparison-row');
      await expect(rows).toHaveCount(3);
      // Neither the comparison nor the page scrolls sideways, and no header is cut.
      const overflow = await card.getByTestId('comparison').evaluate((el) => {
        const wider = [el, ...el.querySelectorAll('*')].filter(
          (x) =>
            x instanceof HTMLElement &&
            x.scrollWidth > x.clientWidth + 1 &&
            getComputedStyle(x).overflowX !== 'visible',
        );
        const cut = [...el.querySelectorAll('th')].filter((th) => th.scrollWidth > th.clientWidth + 1);
        return {
          scrollers: wider.map((x) => (x as HTMLElement).dataset.testid ?? x.tagName),
          cut: cut.map((th) => th.textContent),
          page: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(overflow, `${viewport.name}`).toEqual({ scrollers: [], cut: [], page: 0 });
      for (const row of await rows.all()) {
        for (const action of ['shortlist', 'not-responsive', 'award']) {
          const button = row.getByTestId(action);
          await button.scrollIntoViewIfNeeded();
          await expect(button).toBeInViewport({ ratio: 1 });
          const box = (await button.boundingBox())!;
          expect(box.x, `${viewport.name} ${action}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${viewport.name} ${action}`).toBeLessThanOrEqual(viewport.width);
        }
      }
      // And they work from there: a row not shortlisted yet is shortlisted.
      const row = rows.nth(VIEWPORTS.indexOf(viewport));
      await row.getByTestId('shortlist').click();
      await expect(row).toHaveAttribute('data-evaluation', 'shortlisted');
      await page.context().close();
    }
  });
}
