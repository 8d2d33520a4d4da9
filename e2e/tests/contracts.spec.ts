/**
 * After the award, in English and Arabic: a buyer company's tender is awarded to a supplier company's proposal (made
 * through the API, as the decision stage's test does; the API's test hook ends the standstill), and the award becomes
 * a contract both sides find under Contracts in the account area. Each side accepts it there (the other's open page
 * follows live); the supplier proposes a later due date, which changes nothing until the buyer accepts it; the
 * supplier submits the milestone's deliverables with a note and a file; the buyer asks for a
 * change with a reason, the supplier submits again, the buyer accepts and pays; with its only milestone accepted the
 * contract completes. Both sides rate each other (each reads the other's rating only once both rated), and the
 * supplier replies once to the rating it received; the directory shows the supplier's delivered contract at once and
 * its ratings once both sides rated. The contract's PDF downloads in English and in Arabic (a PDF, as
 * the API answers it). Fresh companies (through the API) keep reruns independent.
 */
import { readFileSync } from 'node:fs';
import { companyWithMembers } from '../support/companies.ts';
import { apiProposal, endStandstill } from '../support/fixtures.ts';
import { openLive, pageAs, publicTender } from '../support/live.ts';
import { type AuthResult, apiCall, apiLogin, DEMO, type Lang } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

const TEXT = {
  en: { active: 'In effect', completed: 'Completed' },
  ar: { active: 'ساري', completed: 'مكتمل' },
} as const;

/** The contract of `tender` as `side` reads it through the API. */
async function contractOf(auth: AuthResult, tenderId: number): Promise<{ id: number; number: string }> {
  const list = await apiCall<{ id: number; number: string; tender: { id: number } }[]>(
    auth.accessToken,
    'GET',
    '/contracts',
  );
  const found = list.find((c) => c.tender.id === tenderId);
  if (!found) throw new Error(`no contract for tender ${tenderId}`);
  return found;
}

const milestoneOf = (page: Page) => page.getByTestId('contract-milestone').first();

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  const T = TEXT[lang];

  test(`an award becomes a contract: both accept, a milestone is delivered, changed, accepted and paid, both rate (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const [{ founder: buyer }, { founder: supplier }] = await Promise.all([
      companyWithMembers(`Lusail Buyer ${stamp}`, []),
      companyWithMembers(`Gulf Supplier ${stamp}`, []),
    ]);
    // Decided after its deadline, which comes while the pages open (the bid goes in right away).
    const deadline = new Date(Date.now() + 15_000);
    const tender = await publicTender(buyer, `E2E contract ${stamp}`, deadline, { standstillDays: 5 });
    const { proposal } = await apiProposal(supplier.accessToken, tender.id);
    const buyerPage = await pageAs(browser, buyer, lang);
    const supplierPage = await pageAs(browser, supplier, lang);
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(deadline.getTime() + 500);

    // 1. The award, then its standstill ends: the award is final and becomes a contract.
    await apiCall(buyer.accessToken, 'POST', `/tenders/${tender.id}/award`, { proposalId: proposal.id });
    expect(await endStandstill(tender.id)).toBe(1);
    const { id } = await contractOf(buyer, tender.id);
    // The supplier's company is listed in the directory (an admin approves it).
    const listed = await apiCall<{ id: number }>(supplier.accessToken, 'GET', '/companies/mine');
    await apiCall((await apiLogin(DEMO.admin)).accessToken, 'POST', `/admin/companies/${listed.id}/approve`);

    // 2. Both sides find it under Contracts: the tender, the other party, the value, awaiting acceptance.
    await supplierPage.goto('/account');
    await supplierPage
      .getByRole('link', { name: lang === 'en' ? 'Contracts' : 'العقود', exact: true })
      .click();
    const card = supplierPage.getByTestId('contract-card').filter({ hasText: tender.title });
    await expect(card.getByTestId('contract-status')).toHaveAttribute('data-status', 'pending');
    await expect(card.getByTestId('contract-party')).toHaveText(`Lusail Buyer ${stamp}`);
    await card.getByTestId('contract-link').click();
    await expect(supplierPage).toHaveURL(new RegExp(`/account/contracts/${id}$`));
    await expect(supplierPage.getByTestId('contract-page')).toHaveAttribute('data-status', 'pending');

    // 3. Each side accepts; the other side's open page follows live.
    await openLive(buyerPage, `/account/contracts/${id}`);
    await supplierPage.getByTestId('accept-contract').click();
    const supplierAcceptance = buyerPage.locator('[data-testid="contract-acceptance"][data-side="supplier"]');
    await expect(supplierAcceptance).toHaveAttribute('data-accepted', 'true');
    await expect(supplierAcceptance.getByTestId('accepted-by')).toHaveText(supplier.user.name);
    await openLive(supplierPage, `/account/contracts/${id}`);
    await buyerPage.getByTestId('accept-contract').click();
    await expect(buyerPage.getByTestId('contract-page')).toHaveAttribute('data-status', 'active');
    await expect(supplierPage.getByTestId('contract-page')).toHaveAttribute('data-status', 'active');
    await expect(supplierPage.getByTestId('contract-status')).toHaveText(T.active);
    await expect(
      supplierPage
        .locator('[data-testid="contract-acceptance"][data-side="buyer"]')
        .getByTestId('accepted-by'),
    ).toHaveText(buyer.user.name);

    // 4. The supplier proposes a later due date; nothing changes until the buyer (live) accepts it.
    const dueOf = (page: Page) => milestoneOf(page).getByTestId('milestone-due');
    const due = await dueOf(buyerPage).getAttribute('data-date');
    await supplierPage.getByTestId('propose-variation').click();
    const proposing = supplierPage.getByTestId('variation-form');
    const milestoneId = await milestoneOf(supplierPage).getAttribute('data-milestone-id');
    await proposing.getByTestId('variation-milestone').selectOption(milestoneId!);
    await proposing.getByTestId('variation-due').fill('2027-03-15');
    await proposing.getByTestId('variation-reason').fill('The site permit came late');
    await proposing.getByTestId('send-variation').click();
    const variation = buyerPage.getByTestId('contract-variation');
    await expect(variation).toHaveAttribute('data-status', 'proposed');
    await expect(variation).toContainText('The site permit came late');
    await expect(dueOf(buyerPage)).toHaveAttribute('data-date', due!);
    await variation.getByTestId('accept-variation').click();
    await expect(variation).toHaveAttribute('data-status', 'accepted');
    await expect(dueOf(buyerPage)).toHaveAttribute('data-date', '2027-03-15');
    await expect(dueOf(supplierPage)).toHaveAttribute('data-date', '2027-03-15');

    // 5. The supplier submits the milestone's deliverables: a note and a file.
    const delivering = milestoneOf(supplierPage);
    await expect(delivering).toHaveAttribute('data-status', 'pending');
    const form = delivering.getByTestId('submission-form');
    await form.getByTestId('submission-note').fill(`The design drawings ${stamp}`);
    await form.getByTestId('submission-files-input').setInputFiles({
      name: 'drawings.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await expect(form.getByTestId('uploaded-file')).toHaveCount(1);
    await form.getByTestId('submit-milestone').click();
    await expect(delivering).toHaveAttribute('data-status', 'submitted');

    // 6. The buyer (live) reads it and asks for a change with a reason.
    const reviewing = milestoneOf(buyerPage);
    await expect(reviewing).toHaveAttribute('data-status', 'submitted');
    await expect(reviewing.getByTestId('milestone-submission')).toContainText(`The design drawings ${stamp}`);
    await expect(reviewing.getByTestId('submission-file')).toHaveText('drawings.pdf');
    await reviewing.getByTestId('request-changes').click();
    await buyerPage.getByTestId('changes-reason').fill('Add the electrical plan');
    await buyerPage.getByTestId('changes-confirm').click();
    await expect(reviewing).toHaveAttribute('data-status', 'changesRequested');

    // 7. The supplier (live) reads the reason and submits again.
    await expect(delivering).toHaveAttribute('data-status', 'changesRequested');
    await expect(delivering.getByTestId('milestone-changes')).toContainText('Add the electrical plan');
    await delivering.getByTestId('submission-note').fill('The drawings with the electrical plan');
    await delivering.getByTestId('submit-milestone').click();
    await expect(delivering).toHaveAttribute('data-status', 'submitted');

    // 8. The buyer accepts, then pays; its only milestone accepted, the contract completes.
    await expect(reviewing).toHaveAttribute('data-status', 'submitted');
    await reviewing.getByTestId('accept-milestone').click();
    await expect(reviewing).toHaveAttribute('data-status', 'accepted');
    await expect(buyerPage.getByTestId('contract-page')).toHaveAttribute('data-status', 'completed');
    await reviewing.getByTestId('pay-milestone').click();
    await expect(reviewing).toHaveAttribute('data-paid', 'true');
    await expect(reviewing.getByTestId('milestone-payment')).toBeVisible();
    await expect(delivering).toHaveAttribute('data-paid', 'true');
    await expect(supplierPage.getByTestId('contract-status')).toHaveText(T.completed);
    await expect(supplierPage.getByTestId('contract-event').last()).toBeVisible();

    // 9. Both rate: the supplier first (it also scores the buyer's payment on time); its rating stays hidden from
    // the buyer until the buyer rated too; then both are shown and the supplier replies once to the buyer's.
    const rate = async (page: Page, scores: Record<string, number>, comment: string) => {
      const form = page.getByTestId('rating-form');
      for (const [criterion, score] of Object.entries(scores))
        await form.getByTestId(`rating-${criterion}-${score}`).check();
      await form.getByTestId('rating-comment').fill(comment);
      await form.getByTestId('send-rating').click();
    };
    await rate(
      supplierPage,
      { quality: 5, timeliness: 4, communication: 5, paymentOnTime: 5 },
      'Clear instructions and prompt payment',
    );
    const supplierRatings = supplierPage.getByTestId('contract-ratings');
    await expect(supplierRatings.getByTestId('rating-form').getByTestId('send-rating')).toBeVisible();
    await expect(supplierRatings).toHaveAttribute('data-revealed', 'false');
    await buyerPage.reload();
    const buyerRatings = buyerPage.getByTestId('contract-ratings');
    await expect(buyerRatings.getByTestId('ratings-hidden')).toBeVisible();
    await expect(buyerRatings.getByTestId('contract-rating')).toHaveCount(0);
    // The directory shows the supplier's delivered contract, and no rating yet: only one side has rated.
    const directory = await pageAs(browser, buyer, lang);
    const supplierCard = () => {
      const search = new URLSearchParams({ inputValue: `Gulf Supplier ${stamp}`, reputation: 'delivered' });
      return directory.goto(`/service?${search}`).then(() => directory.getByTestId('company-card'));
    };
    let listing = await supplierCard();
    await expect(listing).toHaveCount(1);
    await expect(listing.getByTestId('contracts-delivered')).toHaveAttribute('data-count', '1');
    await expect(listing.getByTestId('reputation-overall')).toHaveCount(0);
    await rate(buyerPage, { quality: 4, timeliness: 3, communication: 5 }, 'عمل جيد مع تأخير بسيط');
    await expect(buyerRatings).toHaveAttribute('data-revealed', 'true');
    const received = buyerRatings.locator('[data-testid="contract-rating"][data-by="supplier"]');
    await expect(received.getByTestId('rating-comment-text')).toHaveText(
      'Clear instructions and prompt payment',
    );
    await expect(received.getByTestId('rating-score-paymentOnTime')).toHaveAttribute('data-value', '5');
    // Both rated: the directory shows the supplier's ratings (the mean of 4, 3 and 5, and each average).
    listing = await supplierCard();
    await expect(listing.getByTestId('reputation-overall')).toHaveAttribute('data-value', '4');
    await expect(
      listing.locator('[data-testid="reputation-average"][data-criterion="timeliness"]'),
    ).toHaveAttribute('data-value', '3');
    await directory.context().close();
    await supplierPage.reload();
    await expect(supplierRatings).toHaveAttribute('data-revealed', 'true');
    const toReply = supplierRatings.locator('[data-testid="contract-rating"][data-by="buyer"]');
    await expect(toReply.getByTestId('rating-comment-text')).toHaveAttribute('lang', 'ar');
    await supplierRatings.getByTestId('reply-text').fill('Thank you, the delay was the weather');
    await supplierRatings.getByTestId('send-reply').click();
    await expect(toReply.getByTestId('rating-reply')).toContainText('Thank you, the delay was the weather');
    await expect(supplierRatings.getByTestId('rating-reply-form')).toHaveCount(0);

    // 10. The contract's PDF, in English and in Arabic: the file the API answers, a PDF.
    for (const docLang of ['en', 'ar'] as const) {
      const answered = supplierPage.waitForResponse((r) => r.url().includes(`/contracts/${id}/document`));
      const downloading = supplierPage.waitForEvent('download');
      await supplierPage.getByTestId(`contract-pdf-${docLang}`).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      expect(new URL(response.url()).searchParams.get('lang')).toBe(docLang);
      const download = await downloading;
      const saved = readFileSync((await download.path())!);
      expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(saved.length).toBe((await response.body()).length);
    }

    for (const page of [buyerPage, supplierPage]) await page.context().close();
  });
}
