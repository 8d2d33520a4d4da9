/**
 * remote-tenders in the composed site: list + filters + paging, interest → owner approval →
 * proposal, the full wizard through the sandbox payment, validation messages, resubmission, owner rules,
 * and the seeded tender document downloaded from the tender profile.
 * Fresh bidders (registered through the API) keep reruns clear of "one proposal per tender".
 */
import { readFile } from 'node:fs/promises';
import {
  apiProposal,
  apiUpload,
  openTenders,
  PDF,
  type ProposalRow,
  type TenderRow,
} from '../support/fixtures.ts';
import { apiCall, apiLogin, DEMO, registerUser, useSession } from '../support/session.ts';
import { API_URL, BASE_URL } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';

const TEXT = {
  en: {
    tenders: 'Tenders',
    next: 'Next',
    submitProposal: 'Submit Proposal',
    interest: 'Interest',
    confirmSubmit: 'Submit',
    interestDone: 'Interest submitted successfully.',
    confirmProposalTitle: 'Confirm Proposal Submission',
    titleRequired: 'Please provide a proposal title',
    descriptionRequired: 'Please provide a proposal description',
    attachmentRequired: 'Please upload at least one supporting document',
    beforeContinuing: 'Please complete all required fields before continuing',
    valueRequired: 'Please enter proposal value',
    durationRequired: 'Please specify project duration',
    valueMin: 'Value must be greater than zero',
    durationMin: 'Duration must be at least 1 day',
    milestoneMessages: [
      'Milestone title is required',
      'Please describe deliverables',
      'Please enter payment amount',
      'Please specify duration',
      'Please select start date',
      'Please select end date',
      'Please select expected finish date',
    ],
    uploaded: 'File uploaded successfully',
    documentUploaded: 'Document uploaded successfully',
    breakdownSaved: 'Price breakdown saved',
    milestoneAdded: 'New milestone added',
    counter: '0/2000 characters',
    hint: 'PDF, Word, Excel, JPG, PNG, max 50MB each',
    paid: 'Payment Successful',
    failed: 'Payment Failed',
    titleResubmitRequired: 'Title is required.',
  },
  ar: {
    tenders: 'المناقصات',
    next: 'التالي',
    submitProposal: 'تقديم عرض',
    interest: 'إبداء اهتمام',
    confirmSubmit: 'تقديم',
    interestDone: 'تم إرسال الاهتمام بنجاح.',
    confirmProposalTitle: 'تأكيد تقديم العرض',
    titleRequired: 'يرجى إدخال عنوان للعرض',
    descriptionRequired: 'يرجى إدخال وصف للعرض',
    attachmentRequired: 'يرجى رفع مستند داعم واحد على الأقل',
    beforeContinuing: 'يرجى إكمال جميع الحقول المطلوبة قبل المتابعة',
    valueRequired: 'يرجى إدخال قيمة العرض',
    durationRequired: 'يرجى تحديد مدة المشروع',
    valueMin: 'يجب أن تكون القيمة أكبر من صفر',
    durationMin: 'يجب ألا تقل المدة عن يوم واحد',
    milestoneMessages: [
      'عنوان المرحلة مطلوب',
      'يرجى وصف المخرجات',
      'يرجى إدخال مبلغ الدفعة',
      'يرجى تحديد المدة',
      'يرجى اختيار تاريخ البدء',
      'يرجى اختيار تاريخ الانتهاء',
      'يرجى اختيار تاريخ الإنجاز المتوقع',
    ],
    uploaded: 'تم رفع الملف بنجاح',
    documentUploaded: 'تم رفع المستند بنجاح',
    breakdownSaved: 'تم حفظ تفصيل الأسعار',
    milestoneAdded: 'تمت إضافة مرحلة جديدة',
    counter: '٠/٢٠٠٠ حرف',
    hint: 'PDF وWord وExcel وJPG وPNG، بحد أقصى 50 ميغابايت لكل ملف',
    paid: 'تم الدفع بنجاح',
    failed: 'فشل الدفع',
    titleResubmitRequired: 'العنوان مطلوب.',
  },
} as const;

const popup = (page: Page) => page.getByTestId('popup');

for (const lang of ['en', 'ar'] as const) {
  const T = TEXT[lang];

  test.describe(`tenders (${lang})`, () => {
    test('filter and page the tender list', async ({ page }) => {
      await useSession(page, null, lang);
      await page.goto('/tender');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: T.tenders })).toBeVisible();
      await expect(page.getByTestId('submit-your-tender')).toHaveAttribute(
        'href',
        '/account/tender-management',
      );
      const cards = page.getByTestId('tender-card');
      await expect(cards).toHaveCount(8);
      await expect(page.locator('[name="minBond"]')).toHaveValue('0');
      await expect(page.locator('[name="maxBond"]')).toHaveValue('100000');
      const total = Number(await page.getByTestId('tender-count').getAttribute('data-total'));
      expect(total).toBeGreaterThan(8);
      const pager = page.getByTestId('pager').first();
      await expect(pager).toHaveAttribute('data-page', '1');
      await expect(pager).toHaveAttribute('data-page-count', String(Math.ceil(total / 8)));
      const firstOnPage1 = await cards.first().getAttribute('data-tender-id');
      const someNumber = (await cards.nth(2).getByTestId('tender-number').textContent()) ?? '';
      await pager.getByRole('button').last().click();
      await expect(pager).toHaveAttribute('data-page', '2');
      await expect(page).toHaveURL(/page=2/);
      await expect(cards.first()).not.toHaveAttribute('data-tender-id', firstOnPage1 ?? '');
      // Card rules: title ≤ 30 characters (+ ellipsis), status marker, approval badge, created label.
      for (const title of await page.getByTestId('tender-title').allTextContents())
        expect(Array.from(title).length).toBeLessThanOrEqual(31);
      await expect(cards.first().getByTestId('approval-badge')).toBeVisible();
      await expect(cards.first().getByTestId('created-label')).toBeVisible();

      // Status filter: closed only.
      await page.locator('select[name="status"]').selectOption('closed');
      await page.getByTestId('filters-search').click();
      await expect(page).toHaveURL(/status=closed/);
      await expect(pager).toHaveAttribute('data-page', '1');
      await expect(cards.first()).toBeVisible();
      await expect(page.locator('[data-testid="tender-status"][data-status="open"]')).toHaveCount(0);
      await expect(page.locator('[data-testid="tender-status"][data-status="closed"]').first()).toBeVisible();

      // Reference number filter: exactly one tender.
      await page.getByTestId('filters-clear').click();
      await expect(page).not.toHaveURL(/status=closed/);
      await expect(page.locator('select[name="status"]')).toHaveValue('');
      // The address bar changes before React commits the cleared filters (whose effect resets the form):
      // wait for the unfiltered list to be back before typing.
      await expect(page.getByTestId('tender-count')).toHaveAttribute('data-total', String(total));
      await page.locator('[name="number"]').fill(someNumber);
      await page.getByTestId('filters-search').click();
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByTestId('tender-number')).toHaveText(someNumber);
      await cards.first().getByTestId('tender-info').click();
      await expect(page).toHaveURL(/\/tender-profile\/\d+$/);
      await expect(page.getByTestId('tender-profile')).toBeVisible();
      await expect(page.getByTestId('fact-publish')).toContainText(
        lang === 'ar' ? /[٠-٩]{2}\/[٠-٩]{2}\/[٠-٩]{4}/ : /\d{2}\/\d{2}\/\d{4}/,
      );
      // Arabic pages give the Umm al-Qura date beside the Gregorian one; a deadline says it is Qatar time.
      const deadline = page.getByTestId('fact-deadline');
      await expect(deadline).toContainText(lang === 'ar' ? 'بتوقيت قطر (UTC+3)' : 'Qatar time (UTC+3)');
      if (lang === 'ar') {
        await expect(deadline.getByTestId('calendar-date')).toContainText(
          /[٠-٩]{2}\/[٠-٩]{2}\/[٠-٩]{4} \(.+ [٠-٩]{4} هـ\)/,
        );
        await expect(page.getByTestId('fact-publish').getByTestId('calendar-date')).toContainText('هـ');
      } else await expect(page.getByTestId('calendar-date')).toHaveCount(0);
    });

    test('search the tender list by category, service and keyword', async ({ page }) => {
      await useSession(page, null, lang);
      const categories = await apiCall<
        { id: number; name: string; services: { id: number; name: string }[] }[]
      >(null, 'GET', '/categories', undefined, lang);
      const category = categories.find((c) => c.name.length > 0)!;
      const expected = await apiCall<{ totalItems: number }>(
        null,
        'GET',
        `/tenders?categoryId=${category.id}`,
      );
      const unfiltered = await apiCall<{ totalItems: number }>(null, 'GET', '/tenders');
      await page.goto('/tender');
      await expect(page.getByTestId('tender-card').first()).toBeVisible();
      // The category names are the directory's, in the page's language.
      await page.locator('select[name="categoryId"]').selectOption({ label: category.name });
      await page.getByTestId('filters-search').click();
      await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
      await expect(page.getByTestId('tender-count')).toHaveAttribute(
        'data-total',
        String(expected.totalItems),
      );
      // The service list follows the category.
      const services = page.locator('select[name="serviceId"] option');
      await expect(services).toHaveCount(category.services.length + 1);

      await page.getByTestId('filters-clear').click();
      // The address bar changes before React commits the cleared filters (whose effect resets the form): wait for
      // the unfiltered list to be back before typing.
      await expect(page).not.toHaveURL(/categoryId=/);
      await expect(page.getByTestId('tender-count')).toHaveAttribute(
        'data-total',
        String(unfiltered.totalItems),
      );
      await page.locator('[name="q"]').fill('CCTV');
      await page.getByTestId('filters-search').click();
      await expect(page).toHaveURL(/q=CCTV/);
      const matching = await apiCall<{ totalItems: number }>(null, 'GET', '/tenders?q=CCTV');
      expect(matching.totalItems).toBeGreaterThan(0);
      await expect(page.getByTestId('tender-count')).toHaveAttribute(
        'data-total',
        String(matching.totalItems),
      );
      for (const title of await page
        .getByTestId('tender-title')
        .evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? '')))
        expect(title).toMatch(/CCTV/);
    });

    test('the full wizard with validation, upload, two milestones and a breakdown, through the sandbox payment', {
      tag: lang === 'en' ? '@smoke' : [],
    }, async ({ page }) => {
      test.setTimeout(120_000);
      const bidder = await registerUser('E2E Bidder');
      const [target] = await openTenders(bidder.accessToken, true);
      expect(target, 'an open tender with a fee or bond').toBeTruthy();
      await useSession(page, bidder, lang);
      await page.goto(`/submit-proposal/${target!.id}`);
      const wizard = page.getByTestId('proposal-wizard');
      await expect(wizard).toHaveAttribute('data-step', '0');
      await expect(page.getByTestId('phase-header')).toBeVisible();
      await expect(page.getByTestId('summary-number')).toContainText(target!.number);
      await expect(page.getByTestId('support-center')).toHaveAttribute('href', '/contact-us');
      await expect(page.getByTestId('description-counter')).toHaveText(T.counter);
      await expect(page.getByText(T.hint)).toBeVisible();

      // Step 0: the spec messages, then the real values and an upload with progress.
      await page.getByTestId('wizard-next').click();
      await expect(page.getByText(T.beforeContinuing)).toBeVisible();
      for (const message of [T.titleRequired, T.descriptionRequired, T.attachmentRequired])
        await expect(page.getByText(message)).toBeVisible();
      await page.locator('[name="title"]').fill(`E2E proposal (${lang})`);
      await page
        .locator('textarea[name="description"]')
        .fill('Supply, install and commission forty cameras.');
      await page.getByTestId('attachment-upload-input').setInputFiles({
        name: 'offer.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await expect(page.getByText(T.uploaded)).toBeVisible();
      await expect(page.getByTestId('attachment-upload').getByTestId('uploaded-file')).toContainText(
        'offer.pdf',
      );
      await page.getByTestId('wizard-next').click();
      await expect(wizard).toHaveAttribute('data-step', '1');

      // Step 1: required and minimum messages, the breakdown modal.
      await page.getByTestId('wizard-next').click();
      await expect(page.getByText(T.valueRequired)).toBeVisible();
      await expect(page.getByText(T.durationRequired)).toBeVisible();
      await page.locator('[name="offer_price"]').fill('0');
      await page.locator('[name="period"]').fill('0');
      await page.getByTestId('wizard-next').click();
      await expect(page.getByText(T.valueMin)).toBeVisible();
      await expect(page.getByText(T.durationMin)).toBeVisible();
      await page.locator('[name="offer_price"]').fill('150000');
      await page.locator('[name="period"]').fill('90');
      await expect(page.locator('[name="currency"]')).toHaveValue('QAR');
      await expect(page.locator('[name="payment_terms"]')).toHaveValue('30_days');
      await page.getByTestId('open-breakdown').click();
      const dialog = page.getByTestId('breakdown-dialog');
      await dialog.locator('[name="breakdown.0.name"]').fill('Cameras');
      await dialog.locator('[name="breakdown.0.quantity"]').fill('40');
      await dialog.locator('[name="breakdown.0.unitPrice"]').fill('2500.50');
      await dialog.getByTestId('breakdown-add').click();
      await dialog.locator('[name="breakdown.1.name"]').fill('Installation');
      await dialog.locator('[name="breakdown.1.unitPrice"]').fill('30000');
      await dialog.getByTestId('breakdown-save').click();
      await expect(page.getByText(T.breakdownSaved)).toBeVisible();
      await expect(page.getByTestId('breakdown-row')).toHaveCount(2);
      await page.getByTestId('wizard-next').click();
      await expect(wizard).toHaveAttribute('data-step', '2');

      // Step 2: every milestone message, then two milestones with a document.
      await page.getByTestId('wizard-next').click();
      for (const message of T.milestoneMessages) await expect(page.getByText(message)).toBeVisible();
      const fillMilestone = async (i: number) => {
        await page.locator(`[name="milestones.${i}.title"]`).fill(`Phase ${i + 1}`);
        await page.locator(`[name="milestones.${i}.description"]`).fill('Deliverables');
        await page.locator(`[name="milestones.${i}.amount"]`).fill('50000');
        await page.locator(`[name="milestones.${i}.period"]`).fill('30');
        await page.locator(`[name="milestones.${i}.start_date"]`).fill(`2027-0${i + 2}-01`);
        await page.locator(`[name="milestones.${i}.end_date"]`).fill(`2027-0${i + 2}-28`);
        await page.locator(`[name="milestones.${i}.expected_completion_date"]`).fill(`2027-0${i + 2}-28`);
      };
      await fillMilestone(0);
      await page.getByTestId('milestone-0-documents-input').setInputFiles({
        name: 'plan.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await expect(page.getByText(T.documentUploaded)).toBeVisible();
      await page.getByTestId('add-milestone').click();
      await expect(page.getByText(T.milestoneAdded)).toBeVisible();
      await expect(page.getByTestId('milestone-card')).toHaveCount(2);
      await fillMilestone(1);
      await page.getByTestId('wizard-next').click();
      await expect(wizard).toHaveAttribute('data-step', '3');
      await expect(page.getByTestId('review-milestone')).toHaveCount(2);

      // Submit → confirm → the sandbox checkout → Pay → the host's callback page.
      await page.getByTestId('wizard-submit').click();
      await expect(popup(page)).toContainText(T.confirmProposalTitle);
      await popup(page).getByRole('button', { name: T.confirmSubmit }).click();
      await page.waitForURL(/\/payments\/sandbox\/checkout\//);
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/callback\?status=Paid/);
      await expect(page.getByTestId('payment-result')).toHaveText(T.paid);

      // The server's record: paid, two milestones and the breakdown.
      const mine = await apiCall<ProposalRow[]>(bidder.accessToken, 'GET', '/proposals/mine');
      const proposal = mine.find((p) => p.tender.id === target!.id);
      expect(proposal?.paymentStatus).toBe('paid');
      const full = await apiCall<ProposalRow>(bidder.accessToken, 'GET', `/proposals/${proposal!.id}`);
      expect(full.current?.milestones).toHaveLength(2);
      expect(full.current?.breakdown).toHaveLength(2);

      // The tender page now shows the proposal as paid and the Submit button disabled.
      await page.goto(`/tender-profile/${target!.id}`);
      await expect(page.getByTestId('my-proposal').getByTestId('payment-status')).toHaveAttribute(
        'data-payment',
        'paid',
      );
      await expect(page.getByTestId('action-submit-proposal')).toBeDisabled();
    });
  });
}

/** A tender made public through the API (owner creates and publishes, admin approves), with `patch` applied. */
async function publicTender(patch: Record<string, unknown>): Promise<TenderRow> {
  const owner = await apiLogin(DEMO.owner);
  const admin = await apiLogin(DEMO.admin);
  const day = 86_400_000;
  const tender = await apiCall<TenderRow>(owner.accessToken, 'POST', '/tenders', {
    title: 'E2E tender',
    description: 'Made by an e2e test',
    status: 'open',
    bond: 0,
    participationFee: 0,
    serviceIds: [1],
    start_date: new Date(Date.now() + 40 * day).toISOString(),
    end_date: new Date(Date.now() + 90 * day).toISOString(),
    deadline: new Date(Date.now() + 30 * day).toISOString(),
    ...patch,
  });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);
  return tender;
}

test.describe('tenders: interest, payment retry, resubmission, owner', () => {
  test('interest on a closed tender → the owner approves → the bidder can submit (Arabic)', async ({
    page,
  }) => {
    const T = TEXT.ar;
    const owner = await apiLogin(DEMO.owner);
    const mine = await apiCall<{ items: TenderRow[] }>(
      owner.accessToken,
      'GET',
      '/tenders/mine?status=closed&limit=100',
    );
    const closed = mine.items.find((t) => t.state === 'published' && t.isPublished);
    expect(closed, 'a closed public tender of the owner').toBeTruthy();
    const bidder = await registerUser('E2E Bidder');
    await useSession(page, bidder, 'ar');
    await page.goto(`/tender-profile/${closed!.id}`);
    await expect(page.getByTestId('action-submit-proposal')).toHaveCount(0);
    await page.getByTestId('action-interest').click();
    await expect(popup(page)).toContainText('هل أنت متأكد من رغبتك في إبداء الاهتمام بهذه المناقصة؟');
    await popup(page).getByRole('button', { name: T.confirmSubmit }).click();
    await expect(popup(page)).toContainText(T.interestDone);
    await popup(page).getByRole('button').last().click();
    await expect(page.getByTestId('action-interest')).toBeDisabled();

    // The wizard says why it cannot be used yet.
    await page.goto(`/submit-proposal/${closed!.id}`);
    await expect(page.getByTestId('wizard-blocked')).toBeVisible();

    const interests = await apiCall<{ id: number; user: { id: number } }[]>(
      owner.accessToken,
      'GET',
      `/tenders/${closed!.id}/interests`,
    );
    const interest = interests.find((i) => i.user.id === bidder.user.id);
    expect(interest).toBeTruthy();
    await apiCall(owner.accessToken, 'POST', `/tenders/${closed!.id}/interests/${interest!.id}/approve`);

    await page.goto(`/tender-profile/${closed!.id}`);
    await expect(page.getByTestId('action-interest')).toHaveCount(0);
    await expect(page.getByTestId('action-submit-proposal')).toBeEnabled();
    await page.getByTestId('action-submit-proposal').click();
    await expect(page.getByTestId('proposal-wizard')).toBeVisible();
  });

  test('a declined payment fails; Pay now on the tender page pays it', async ({ page }) => {
    const bidder = await registerUser('E2E Bidder');
    const [target] = await openTenders(bidder.accessToken, true);
    const { payUrl, proposal } = await apiProposal(bidder.accessToken, target!.id);
    expect(payUrl).toBeTruthy();
    await useSession(page, bidder, 'en');
    await page.goto(payUrl!);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/callback\?status=Failed/);
    await expect(page.getByTestId('payment-result')).toHaveText(TEXT.en.failed);
    const after = (await apiCall<ProposalRow[]>(bidder.accessToken, 'GET', '/proposals/mine')).find(
      (p) => p.id === proposal.id,
    );
    expect(after?.paymentStatus).not.toBe('paid');

    await page.goto(`/tender-profile/${target!.id}`);
    await expect(page.getByTestId('my-proposal').getByTestId('payment-status')).not.toHaveAttribute(
      'data-payment',
      'paid',
    );
    await page.getByTestId('pay-now').click();
    await page.waitForURL(/\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/callback\?status=Paid/);
    await expect(page.getByTestId('payment-result')).toHaveText(TEXT.en.paid);
    const paid = (await apiCall<ProposalRow[]>(bidder.accessToken, 'GET', '/proposals/mine')).find(
      (p) => p.id === proposal.id,
    );
    expect(paid?.paymentStatus).toBe('paid');
  });

  test('resubmission validates and creates a new version', async ({ page }) => {
    const bidder = await registerUser('E2E Bidder');
    const [target] = await openTenders(bidder.accessToken, false);
    expect(target, 'an open tender without fee or bond').toBeTruthy();
    const { proposal } = await apiProposal(bidder.accessToken, target!.id);
    await useSession(page, bidder, 'en');
    await page.goto(`/resubmit-proposal/${proposal.id}`);
    await expect(page.locator('[name="title"]')).toHaveValue('API proposal');
    await expect(page.locator('[name="milestones.0.start_date"]')).toHaveValue('2027-02-01');
    await expect(page.getByTestId('resubmit-attachment').getByTestId('uploaded-file')).toBeVisible();
    await expect(page.getByTestId('resubmit-attachment-input')).toHaveAttribute(
      'accept',
      '.png,.jpg,.jpeg,.pdf',
    );
    await expect(page.getByTestId('resubmit-remove-milestone')).toHaveCount(0);

    await page.locator('[name="title"]').fill('');
    await page.getByTestId('resubmit-add-milestone').click();
    await expect(page.getByTestId('resubmit-milestone')).toHaveCount(2);
    await expect(page.getByTestId('resubmit-remove-milestone')).toHaveCount(1);
    await page.getByTestId('resubmit-submit').click();
    await expect(page.getByText(TEXT.en.titleResubmitRequired, { exact: true })).toBeVisible();
    await expect(page.getByText('Milestone Title is required.')).toBeVisible();
    await expect(page.getByText('Start Date is required.')).toBeVisible();
    await page.getByTestId('resubmit-remove-milestone').click();
    await page.locator('[name="title"]').fill('API proposal, second version');
    await page.getByTestId('resubmit-submit').click();
    await page.waitForURL(/\/account\/submitted-proposals/);

    const full = await apiCall<ProposalRow>(bidder.accessToken, 'GET', `/proposals/${proposal.id}`);
    expect(full.currentVersion).toBe(2);
    expect(full.versions?.map((v) => v.title)).toEqual(
      expect.arrayContaining(['API proposal', 'API proposal, second version']),
    );
  });

  test('an anonymous visitor sees the buttons; acting asks to sign in', async ({ page }) => {
    const open = (await openTenders(null, false))[0] ?? (await openTenders(null, true))[0];
    await useSession(page, null, 'en');
    await page.goto(`/tender-profile/${open!.id}`);
    await page.getByTestId('action-submit-proposal').click();
    await expect(page).toHaveURL(new RegExp(`/submit-proposal/${open!.id}$`));
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  test('the owner sees no Submit/Interest buttons on their tenders and the API refuses them', async ({
    page,
  }) => {
    const owner = await apiLogin(DEMO.owner);
    const mine = await apiCall<{ items: TenderRow[] }>(owner.accessToken, 'GET', '/tenders/mine?limit=100');
    const publicOnes = mine.items.filter((t) => t.isPublished && t.approvalStatus.status === 'approved');
    const open = publicOnes.find((t) => t.status === 'open' && t.state === 'published');
    const closed = publicOnes.find((t) => t.status === 'closed' && t.state === 'published');
    await useSession(page, owner, 'en');
    for (const t of [open!, closed!]) {
      await page.goto(`/tender-profile/${t.id}`);
      await expect(page.getByTestId('tender-profile')).toBeVisible();
      await expect(page.getByTestId('tender-actions')).toHaveCount(0);
    }
    await page.goto(`/tender?number=${encodeURIComponent(open!.number)}`);
    await expect(page.getByTestId('tender-card')).toHaveCount(1);
    await expect(page.getByTestId('tender-card').getByTestId('tender-actions')).toHaveCount(0);

    const attachment = (await apiUpload(owner.accessToken, 'proposal-attachment')).id;
    const response = await fetch(`${API_URL}/proposals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        tender: open!.id,
        attachment,
        offer_price: 100,
        title: 'Own tender',
        description: 'Should be refused',
        period: 5,
        milestones: [
          {
            title: 'x',
            description: 'x',
            amount: 10,
            period: 1,
            start_date: '2027-02-01T00:00:00.000Z',
            end_date: '2027-02-02T00:00:00.000Z',
            expected_completion_date: '2027-02-02T00:00:00.000Z',
          },
        ],
      }),
    });
    // A business refusal, not a role one: 409 with a message, never the 401/403 that ends a session.
    expect(response.status).toBe(409);
    const interest = await fetch(`${API_URL}/interests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tender: closed!.id }),
    });
    expect(interest.status).toBe(409);
  });

  test("fee and bond show in the tender's currency, in both languages", async ({ page }) => {
    const tender = await publicTender({
      title: `Dollar tender ${Date.now().toString(36)}`,
      currency: 'USD',
      participationFee: 5000,
      bond: 12_000,
    });
    for (const lang of ['en', 'ar'] as const) {
      await useSession(page, null, lang);
      await page.goto(`/tender-profile/${tender.id}`);
      for (const fact of ['fact-fee', 'fact-bond']) {
        const value = page.getByTestId(fact);
        // One money format per language: the code first in English, the Arabic name after the amount in Arabic.
        await expect(value).toContainText(lang === 'en' ? /USD\s[\d,]+\.00/ : /[٠-٩٬]+٫٠٠\sدولار أمريكي/);
        await expect(value).not.toContainText(lang === 'en' ? '$' : 'US');
      }
    }
  });

  test('a tender with a bond above 100 000 is listed by default (the starting bond range is no filter)', async ({
    page,
  }) => {
    const tender = await publicTender({ title: `High bond ${Date.now().toString(36)}`, bond: 250_000 });
    await useSession(page, null, 'en');
    await page.goto('/tender');
    await expect(page.locator('[name="maxBond"]')).toHaveValue('100000');
    await expect(page.locator(`[data-testid="tender-card"][data-tender-id="${tender.id}"]`)).toBeVisible();
    // Narrowing the range does filter.
    await page.locator('[name="maxBond"]').fill('200000');
    await page.getByTestId('filters-search').click();
    await expect(page).toHaveURL(/maxBond=200000/);
    await expect(page.getByTestId('tender-card').first()).toBeVisible();
    await expect(page.locator(`[data-testid="tender-card"][data-tender-id="${tender.id}"]`)).toHaveCount(0);
  });

  test('no action reachable in the UI signs anyone out: admins see no bidder action, refusals keep the session', async ({
    page,
  }) => {
    const signedIn = async () => {
      await expect(page.getByTestId('login-button')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    };
    // An admin: no Submit Proposal / Interest on the list or a tender page, and the wizard says why.
    const admin = await apiLogin(DEMO.admin);
    const tenders = await openTenders(admin.accessToken, false);
    await useSession(page, admin, 'en');
    await page.goto('/tender');
    await expect(page.getByTestId('tender-card').first()).toBeVisible();
    await expect(page.getByTestId('tender-actions')).toHaveCount(0);
    await page.goto(`/tender-profile/${tenders[0]!.id}`);
    await expect(page.getByTestId('tender-profile')).toBeVisible();
    await expect(page.getByTestId('tender-actions')).toHaveCount(0);
    await page.goto(`/submit-proposal/${tenders[0]!.id}`);
    await expect(page.getByText('Not available to administrators')).toBeVisible();
    await signedIn();

    // A bidder opening someone else's proposal to resubmit: the "not found" popup, still signed in.
    const stranger = await registerUser('Stranger Bidder');
    const theirs = await apiProposal(stranger.accessToken, tenders[1]!.id, 'Not yours');
    const bidder = await apiLogin(DEMO.bidder);
    const tab = await page.context().newPage();
    await useSession(tab, bidder, 'en');
    await tab.goto(`/resubmit-proposal/${theirs.proposal.id}`);
    const popup = tab.getByTestId('popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Proposal not found');
    await expect(tab.getByTestId('login-button')).toHaveCount(0);
    expect(await tab.evaluate(() => localStorage.getItem('token'))).toBe(bidder.accessToken);
    await tab.close();
  });
});

test.describe('tenders: stages', () => {
  test('an ended tender is never "Open": hidden from the default list, its stage shown on the list, its page and in Tender management', async ({
    page,
  }) => {
    const title = `Ended stage ${Date.now().toString(36)}`;
    const tender = await publicTender({ title });
    const owner = await apiLogin(DEMO.owner);
    await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/cancel`, { reason: 'Budget withdrawn' });

    await useSession(page, null, 'en');
    // By default the list holds only tenders still accepting proposals.
    await page.goto(`/tender?number=${encodeURIComponent(tender.number)}`);
    await expect(page.getByTestId('tender-count')).toHaveAttribute('data-total', '0');
    await expect(page.locator('select[name="state"]')).toHaveValue('published');
    await page.locator('select[name="state"]').selectOption('ended');
    await page.getByTestId('filters-search').click();
    const card = page.locator(`[data-testid="tender-card"][data-tender-id="${tender.id}"]`);
    await expect(card.getByTestId('tender-state')).toHaveAttribute('data-state', 'cancelled');
    await expect(card.getByTestId('tender-status')).toHaveCount(0);

    await page.goto(`/tender-profile/${tender.id}`);
    await expect(page.getByTestId('tender-state')).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId('tender-status')).toHaveCount(0);

    await useSession(page, owner, 'en');
    await page.goto('/account/tender-management');
    await page.getByTestId('tender-tab-cancelled').click();
    const mine = page.locator(`[data-testid="tender-card"][data-tender-id="${tender.id}"]`);
    await expect(mine.getByTestId('tender-stage')).toHaveAttribute('data-state', 'cancelled');
    await expect(mine.getByTestId('tender-stage')).toHaveText('Cancelled');
    await expect(mine.getByTestId('tender-access')).toHaveCount(0);
  });
});

test.describe('tenders: documents', () => {
  test('a signed-in user downloads the seeded tender document from the tender profile; a visitor is asked to sign in', {
    tag: '@smoke',
  }, async ({ page, browser }) => {
    const bidder = await apiLogin(DEMO.bidder);
    const published = await apiCall<{ items: TenderRow[] }>(bidder.accessToken, 'GET', '/tenders?limit=100');
    const tender = published.items.find((t) =>
      t.documents.some((d) => d.name === 'tender-specification.pdf'),
    );
    expect(tender, 'the seed gives one published tender a document').toBeTruthy();
    const document = tender!.documents.find((d) => d.name === 'tender-specification.pdf')!;
    // The bytes the API serves for it (Bearer): the download must be exactly these.
    const served = await fetch(`${API_URL}/files/${document.id}`, {
      headers: { authorization: `Bearer ${bidder.accessToken}` },
    });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(document.size);

    await useSession(page, bidder, 'en');
    await page.goto(`/tender-profile/${tender!.id}`);
    const documents = page.getByTestId('tender-documents');
    await expect(documents).toContainText('tender-specification.pdf');
    const downloading = page.waitForEvent('download');
    await documents.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('tender-specification.pdf');
    expect((await readFile(await download.path())).equals(bytes)).toBe(true);

    // Signed out: the document is listed, and downloading it asks to sign in first.
    const visitor = await browser.newPage();
    try {
      await useSession(visitor, null, 'en');
      await visitor.goto(`${BASE_URL}/tender-profile/${tender!.id}`);
      const listed = visitor.getByTestId('tender-documents');
      await expect(listed).toContainText('tender-specification.pdf');
      await expect(listed).toContainText('Sign in to download');
      await expect(listed.getByRole('button', { name: 'Download' })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});
