import { AppProviders, i18n, MemoryRouter, Route, Routes, useSessionStore } from '@bawaba/shared';
import { type ContractRating, type ContractRatings, NOTIFICATION_ARRIVED } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabic } from '../../locales/ar/contracts.ts';
import ContractsArea from './ContractsArea.tsx';
import { contractsApi } from './contracts-api.ts';
import { contract, milestone, variation } from './fixtures.ts';

vi.mock('./contracts-api.ts', () => ({
  DELIVERABLE_PURPOSE: 'contract-deliverable',
  contractsApi: {
    list: vi.fn(),
    get: vi.fn(),
    accept: vi.fn(),
    terminate: vi.fn(),
    submit: vi.fn(),
    acceptMilestone: vi.fn(),
    requestChanges: vi.fn(),
    payMilestone: vi.fn(),
    proposeVariation: vi.fn(),
    answerVariation: vi.fn(),
    rate: vi.fn(),
    document: vi.fn(),
    reply: vi.fn(),
  },
}));

const at = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {/* As the host mounts the fragment in the account area's slot. */}
          <Route path="/account/contracts">
            <Route index element={<ContractsArea />} />
            <Route path="*" element={<ContractsArea />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

async function speak(language: 'en' | 'ar') {
  await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
  useSessionStore.setState({ token: 't', user: { id: 2, name: 'Bea Buyer', isAdmin: false }, language });
}

beforeEach(async () => {
  vi.clearAllMocks();
  await speak('en');
});
afterEach(cleanup);

describe('the contracts list', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows each contract's tender, the other party, the value and the state (${language})`, async () => {
      await speak(language);
      vi.mocked(contractsApi.list).mockResolvedValue([
        contract(),
        { ...contract({ id: 8, side: 'supplier', status: 'active' }) },
      ]);
      at('/account/contracts');
      const cards = await screen.findAllByTestId('contract-card', {}, { timeout: 5000 });
      expect(cards).toHaveLength(2);
      const [asBuyer, asSupplier] = cards as [HTMLElement, HTMLElement];
      expect(within(asBuyer).getByTestId('contract-link').getAttribute('href')).toBe('/account/contracts/7');
      expect(within(asBuyer).getByTestId('contract-link').textContent).toBe('Fit-out of the Lusail office');
      // The buyer sees the supplier, the supplier the buyer (named in Arabic, marked so).
      expect(within(asBuyer).getByTestId('contract-party').textContent).toBe('Gulf Fit-out');
      const buyerName = within(asSupplier).getByTestId('party-name');
      expect([buyerName.textContent, buyerName.getAttribute('lang'), buyerName.getAttribute('dir')]).toEqual([
        'الدوحة للإنشاءات',
        'ar',
        'rtl',
      ]);
      expect(asBuyer.textContent).toContain(language === 'en' ? 'Supplier' : 'المورّد');
      expect(within(asSupplier).getByTestId('contract-status').dataset.status).toBe('active');
      expect(within(asBuyer).getByTestId('contract-status').textContent).toBe(
        language === 'en' ? 'Awaiting acceptance' : 'بانتظار القبول',
      );
      expect(within(asBuyer).getByTestId('contract-value').textContent).toMatch(
        language === 'en' ? /50,000/ : /٥٠٬٠٠٠/,
      );
    });
  }

  it('says when there is none yet', async () => {
    vi.mocked(contractsApi.list).mockResolvedValue([]);
    at('/account/contracts');
    expect(await screen.findByTestId('empty-state', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('a contract’s page', () => {
  it('shows the parties, the value, who accepted and when, and the milestones', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(contract());
    at('/account/contracts/7');
    const page = await screen.findByTestId('contract-page', {}, { timeout: 5000 });
    expect(contractsApi.get).toHaveBeenCalledWith(7);
    const [buyer, supplier] = within(page).getAllByTestId('contract-acceptance') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(buyer.dataset.accepted).toBe('false');
    expect(supplier.dataset.accepted).toBe('true');
    expect(within(supplier).getByTestId('accepted-by').textContent).toBe('Sara Supplier');
    // 10:30 UTC is 13:30 in Qatar.
    expect(supplier.textContent).toContain('21/11/2026');
    expect(supplier.textContent).toContain('13:30');
    const row = within(page).getByTestId('contract-milestone');
    expect(row.dataset.status).toBe('pending');
    expect(within(row).getByTestId('milestone-due').textContent).toBe('10/02/2027');
    expect(within(row).getByTestId('milestone-amount').textContent).toMatch(/10,000/);
    expect(within(page).getAllByTestId('contract-event')).toHaveLength(2);
  });

  for (const language of ['en', 'ar'] as const)
    it(`lists the documents agreed to, each downloadable, and says when a group has none (${language})`, async () => {
      await speak(language);
      const file = (id: string, name: string) => ({
        id,
        url: `/api/v1/files/${id}`,
        name,
        size: 10,
        mimeType: 'application/pdf',
      });
      vi.mocked(contractsApi.get).mockResolvedValue(
        contract({
          documents: { tender: [], proposal: [file('f1', 'العرض الفني.pdf'), file('f2', 'Prices.pdf')] },
        }),
      );
      at('/account/contracts/7');
      const page = await screen.findByTestId('contract-page', {}, { timeout: 5000 });
      const proposal = within(page).getByTestId('proposal-documents');
      expect(
        within(proposal)
          .getAllByTestId('agreed-document')
          .map((b) => b.textContent),
      ).toEqual(['العرض الفني.pdf', 'Prices.pdf']);
      const tender = within(page).getByTestId('tender-documents');
      expect(within(tender).queryAllByTestId('agreed-document')).toHaveLength(0);
      expect(tender.textContent).toContain(language === 'en' ? 'None' : 'لا يوجد');
      expect(
        within(page).getByRole('heading', { name: language === 'en' ? 'Documents' : 'المستندات' }),
      ).toBeTruthy();
    });

  it('offers exactly the actions the API offers', async () => {
    const offered = contract({
      status: 'active',
      can: { accept: false, terminate: true, proposeVariation: true },
      milestones: [
        milestone({
          id: 31,
          status: 'submitted',
          can: { submit: false, accept: true, requestChanges: true, pay: false },
        }),
        milestone({
          id: 32,
          status: 'accepted',
          can: { submit: false, accept: false, requestChanges: false, pay: true },
        }),
        milestone({
          id: 33,
          status: 'pending',
          can: { submit: true, accept: false, requestChanges: false, pay: false },
        }),
      ],
      variations: [
        variation({ id: 51, can: { accept: true, reject: true, withdraw: false } }),
        variation({ id: 52, proposedSide: 'buyer', can: { accept: false, reject: false, withdraw: true } }),
      ],
    });
    vi.mocked(contractsApi.get).mockResolvedValue(offered);
    at('/account/contracts/7');
    const page = await screen.findByTestId('contract-page', {}, { timeout: 5000 });
    expect(within(page).queryByTestId('accept-contract')).toBeNull();
    expect(within(page).getByTestId('terminate-contract')).toBeTruthy();
    const [submitted, accepted, open] = within(page).getAllByTestId('contract-milestone') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const shown = (row: HTMLElement) =>
      ['accept-milestone', 'request-changes', 'pay-milestone', 'submission-form'].filter(
        (id) => within(row).queryByTestId(id) !== null,
      );
    expect(shown(submitted)).toEqual(['accept-milestone', 'request-changes']);
    expect(shown(accepted)).toEqual(['pay-milestone']);
    expect(shown(open)).toEqual(['submission-form']);
    expect(within(page).getByTestId('propose-variation')).toBeTruthy();
    const [theirs, mine] = within(page).getAllByTestId('contract-variation') as [HTMLElement, HTMLElement];
    const answers = (row: HTMLElement) =>
      ['accept-variation', 'reject-variation', 'withdraw-variation'].filter(
        (id) => within(row).queryByTestId(id) !== null,
      );
    expect(answers(theirs)).toEqual(['accept-variation', 'reject-variation']);
    expect(answers(mine)).toEqual(['withdraw-variation']);
  });

  it('proposes a variation of a milestone’s date with its reason, and shows what it would change', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        status: 'active',
        can: { accept: false, terminate: true, proposeVariation: true },
        variations: [variation({ status: 'rejected' })],
      }),
    );
    vi.mocked(contractsApi.proposeVariation).mockResolvedValue(contract());
    at('/account/contracts/7');
    const row = await screen.findByTestId('contract-variation', {}, { timeout: 5000 });
    expect(row.dataset.status).toBe('rejected');
    expect(within(row).getByTestId('variation-due-change').textContent).toContain('10/02/2027');
    expect(within(row).getByTestId('variation-due-change').textContent).toContain('01/03/2027');
    fireEvent.click(screen.getByTestId('propose-variation'));
    const form = screen.getByTestId('variation-form');
    const send = within(form).getByTestId('send-variation') as HTMLButtonElement;
    fireEvent.change(within(form).getByTestId('variation-milestone'), { target: { value: '31' } });
    fireEvent.change(within(form).getByTestId('variation-due'), { target: { value: '2027-03-15' } });
    // No reason yet.
    expect(send.disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('variation-reason'), { target: { value: 'Permit delayed' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(contractsApi.proposeVariation).toHaveBeenCalledWith(7, {
        milestoneId: 31,
        dueDate: '2027-03-15',
        reason: 'Permit delayed',
      }),
    );
  });

  it('offers nothing on a completed contract the API closed', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        status: 'completed',
        can: { accept: false, terminate: false, proposeVariation: false },
        milestones: [milestone({ status: 'accepted' })],
      }),
    );
    at('/account/contracts/7');
    const page = await screen.findByTestId('contract-page', {}, { timeout: 5000 });
    for (const id of [
      'accept-contract',
      'terminate-contract',
      'accept-milestone',
      'request-changes',
      'pay-milestone',
      'submission-form',
    ])
      expect(within(page).queryByTestId(id)).toBeNull();
    // The document stays to download, in either language.
    vi.mocked(contractsApi.document).mockResolvedValue();
    fireEvent.click(within(page).getByTestId('contract-pdf-ar'));
    await waitFor(() =>
      expect(contractsApi.document).toHaveBeenCalledWith(7, 'ar', 'BWB-2026-0005-C-ar.pdf'),
    );
  });

  it('accepts for the caller’s side and shows the answer', async () => {
    vi.mocked(contractsApi.get)
      .mockResolvedValueOnce(contract())
      .mockResolvedValue(
        contract({
          can: { accept: false, terminate: true, proposeVariation: false },
          acceptances: {
            buyer: { name: 'Bea Buyer', at: '2026-11-22T08:00:00.000Z' },
            supplier: { name: 'Sara Supplier', at: '2026-11-21T10:30:00.000Z' },
          },
          status: 'active',
        }),
      );
    vi.mocked(contractsApi.accept).mockResolvedValue(contract() as never);
    at('/account/contracts/7');
    fireEvent.click(await screen.findByTestId('accept-contract', {}, { timeout: 5000 }));
    await waitFor(() => expect(contractsApi.accept).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.getByTestId('contract-page').dataset.status).toBe('active'));
    expect(screen.queryByTestId('accept-contract')).toBeNull();
  });

  it('sends the supplier’s note with the deliverables', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        side: 'supplier',
        status: 'active',
        milestones: [milestone({ can: { submit: true, accept: false, requestChanges: false, pay: false } })],
      }),
    );
    vi.mocked(contractsApi.submit).mockResolvedValue(contract());
    at('/account/contracts/7');
    const form = await screen.findByTestId('submission-form', {}, { timeout: 5000 });
    const send = within(form).getByTestId('submit-milestone') as HTMLButtonElement;
    // Nothing to review yet.
    expect(send.disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('submission-note'), {
      target: { value: ' Drawings attached ' },
    });
    fireEvent.click(send);
    await waitFor(() =>
      expect(contractsApi.submit).toHaveBeenCalledWith(7, 31, { note: 'Drawings attached', fileIds: [] }),
    );
    // The page shows the answer again.
    await waitFor(() => expect(contractsApi.get).toHaveBeenCalledTimes(2));
  });

  it('asks for changes with the reason the buyer gives', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        status: 'active',
        milestones: [
          milestone({
            status: 'submitted',
            can: { submit: false, accept: true, requestChanges: true, pay: false },
          }),
        ],
      }),
    );
    vi.mocked(contractsApi.requestChanges).mockResolvedValue(contract());
    at('/account/contracts/7');
    fireEvent.click(await screen.findByTestId('request-changes', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('changes-reason', {}, { timeout: 5000 }), {
      target: { value: 'Add the electrical plan' },
    });
    fireEvent.click(screen.getByTestId('changes-confirm'));
    await waitFor(() =>
      expect(contractsApi.requestChanges).toHaveBeenCalledWith(7, 31, 'Add the electrical plan'),
    );
  });

  it('reloads when a notification about this contract arrives, not about another', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(contract());
    at('/account/contracts/7');
    await screen.findByTestId('contract-page', {}, { timeout: 5000 });
    expect(contractsApi.get).toHaveBeenCalledTimes(1);
    const arrive = (link: string) =>
      window.dispatchEvent(new CustomEvent(NOTIFICATION_ARRIVED, { detail: { id: 1, link } }));
    arrive('/account/contracts/8');
    arrive('/tender-profile/7');
    arrive('/account/contracts/7');
    await waitFor(() => expect(contractsApi.get).toHaveBeenCalledTimes(2));
  });

  it('shows a termination’s reason in the writer’s direction', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        status: 'terminated',
        can: { accept: false, terminate: false, proposeVariation: false },
        termination: {
          reason: 'لم يتم تسليم الموقع',
          at: '2026-11-23T10:00:00.000Z',
          by: { id: 2, name: 'Bea Buyer', companyName: null, companyNameLang: null },
        },
      }),
    );
    at('/account/contracts/7');
    const reason = await screen.findByTestId('termination-reason', {}, { timeout: 5000 });
    expect(reason.textContent).toContain('Bea Buyer');
    expect(within(reason).getByText('لم يتم تسليم الموقع').getAttribute('dir')).toBe('auto');
  });
});

describe('the ratings after a contract', () => {
  const closed = (ratings: Partial<ContractRatings>, side: 'buyer' | 'supplier' = 'supplier') =>
    contract({
      side,
      status: 'completed',
      can: { accept: false, terminate: false, proposeVariation: false },
      ratings: {
        revealed: false,
        windowEndsAt: '2026-12-27T10:00:00.000Z',
        byBuyer: null,
        bySupplier: null,
        can: { rate: true, reply: false },
        refusals: {},
        ...ratings,
      },
    });
  const rating = (by: 'buyer' | 'supplier', patch: Partial<ContractRating> = {}): ContractRating => ({
    by,
    quality: 4,
    timeliness: 3,
    communication: 5,
    paymentOnTime: by === 'supplier' ? 2 : null,
    comment: by === 'buyer' ? 'عمل ممتاز' : 'Paid late',
    commentLang: by === 'buyer' ? 'ar' : 'en',
    at: '2026-11-26T10:00:00.000Z',
    reply: null,
    ...patch,
  });

  it('asks the supplier side for every score, the buyer’s payment on time too, and sends them', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(closed({}));
    vi.mocked(contractsApi.rate).mockResolvedValue(closed({}).ratings!);
    at('/account/contracts/7');
    const form = await screen.findByTestId('rating-form', {}, { timeout: 5000 });
    expect(screen.getByTestId('ratings-hidden')).toBeTruthy();
    const send = within(form).getByTestId('send-rating') as HTMLButtonElement;
    for (const [criterion, score] of [
      ['quality', 5],
      ['timeliness', 4],
      ['communication', 4],
    ] as const)
      fireEvent.click(within(form).getByTestId(`rating-${criterion}-${score}`));
    // Payment on time not scored yet.
    expect(send.disabled).toBe(true);
    fireEvent.click(within(form).getByTestId('rating-paymentOnTime-3'));
    fireEvent.change(within(form).getByTestId('rating-comment'), { target: { value: 'Clear and fair' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(contractsApi.rate).toHaveBeenCalledWith(7, {
        quality: 5,
        timeliness: 4,
        communication: 4,
        paymentOnTime: 3,
        comment: 'Clear and fair',
      }),
    );
  });

  it('does not ask the buyer side about paying on time', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(closed({}, 'buyer'));
    at('/account/contracts/7');
    const form = await screen.findByTestId('rating-form', {}, { timeout: 5000 });
    expect(within(form).queryByTestId('rating-paymentOnTime')).toBeNull();
    expect(within(form).getByTestId('rating-quality')).toBeTruthy();
  });

  it('once revealed, shows the other side’s rating in its language and offers the one reply the API offers', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      closed(
        {
          revealed: true,
          byBuyer: rating('buyer'),
          bySupplier: rating('supplier'),
          can: { rate: false, reply: true },
        },
        'supplier',
      ),
    );
    vi.mocked(contractsApi.reply).mockResolvedValue(closed({}).ratings!);
    at('/account/contracts/7');
    const section = await screen.findByTestId('contract-ratings', {}, { timeout: 5000 });
    expect(section.dataset.revealed).toBe('true');
    expect(within(section).queryByTestId('rating-form')).toBeNull();
    const [received, given] = within(section).getAllByTestId('contract-rating') as [HTMLElement, HTMLElement];
    expect(received.dataset.by).toBe('buyer');
    expect(given.dataset.by).toBe('supplier');
    const comment = within(received).getByTestId('rating-comment-text');
    expect([comment.textContent, comment.getAttribute('lang'), comment.getAttribute('dir')]).toEqual([
      'عمل ممتاز',
      'ar',
      'rtl',
    ]);
    expect(within(received).getByTestId('rating-score-quality').dataset.value).toBe('4');
    expect(within(received).queryByTestId('rating-score-paymentOnTime')).toBeNull();
    expect(within(given).getByTestId('rating-score-paymentOnTime').dataset.value).toBe('2');
    fireEvent.change(within(section).getByTestId('reply-text'), { target: { value: ' Thank you ' } });
    fireEvent.click(within(section).getByTestId('send-reply'));
    await waitFor(() => expect(contractsApi.reply).toHaveBeenCalledWith(7, 'Thank you'));
  });

  it('shows no ratings section while the contract is open', async () => {
    vi.mocked(contractsApi.get).mockResolvedValue(
      contract({
        status: 'active',
        ratings: {
          revealed: false,
          windowEndsAt: null,
          byBuyer: null,
          bySupplier: null,
          can: { rate: false, reply: false },
          refusals: {},
        },
      }),
    );
    at('/account/contracts/7');
    await screen.findByTestId('contract-page', {}, { timeout: 5000 });
    expect(screen.queryByTestId('contract-ratings')).toBeNull();
  });
});
