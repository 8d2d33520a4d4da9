import { AppProviders, i18n, MemoryRouter, notify, useSessionStore } from '@bawaba/shared';
import { tenderAnswer } from '@bawaba/shared/build/testing';
import { type Comparison, type ComparisonRow, LOWEST_PRICE, type Tender } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../locales/ar/workspace.ts';

/** The Arabic the page has once the workspace is shown: the remote's catalog and the workspace's. */
const arabic = { ...arabicMain, ...arabicWorkspace };

import { ownerApi } from '../workspace/owner-api.ts';
import { DecisionPanel } from './DecisionPanel.tsx';

let comparison: Comparison;
vi.mock('../workspace/owner-api.ts', () => ({
  ownerApi: {
    comparison: vi.fn(async (_id: number, q: { sort: string; order: string }) => ({
      ...comparison,
      rows: [...comparison.rows].sort(
        (a, b) => (q.order === 'desc' ? -1 : 1) * ((a.offerPrice ?? 0) - (b.offerPrice ?? 0)),
      ),
    })),
    history: vi.fn(async () => []),
    evaluate: vi.fn(async () => ({ ok: true })),
    // The tender as the API answers it (only what the panel reads: nothing refused, the decision made).
    award: vi.fn(async () => ({ refusals: {} })),
    endTender: vi.fn(async () => ({ refusals: {} })),
    amend: vi.fn(async () => ({ number: 1, deadlinePushed: true })),
    downloadComparison: vi.fn(async () => undefined),
  },
}));

const row = (proposalId: number, name: string, offerPrice: number): ComparisonRow => ({
  proposalId,
  bidder: { id: proposalId, name, companyName: null, companyNameLang: null },
  offerPrice,
  currency: 'QAR',
  bestAndFinalOffer: null,
  period: 30,
  milestones: { count: 1, total: offerPrice, firstStart: null, lastEnd: null },
  paymentTerms: '30_days',
  financialSealed: false,
  paymentStatus: 'not_required',
  documentCount: 1,
  attachment: 'x',
  submittedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  evaluation: null,
  evaluationReason: null,
  predatesAmendment: false,
  awardRefusal: null,
  technicalScore: null,
  technicalPassed: null,
  priceScore: null,
  finalScore: null,
  rank: null,
});

/** The owner's tender as the API sends it: its `can` is the rulebook's for its state. */
const tender = (patch: Partial<Tender>): Tender => {
  const t = {
    id: 5,
    number: 'BWB-2026-0005',
    title: 'Fit-out',
    description: 'Scope',
    deadline: '2026-11-22T10:00:00.000Z',
    clarificationCutoff: null,
    bond: 0,
    participationFee: 0,
    currency: 'QAR',
    state: 'bids_opened' as const,
    outcome: null,
    status: 'open' as const,
    ownerId: 7,
    isOwner: true,
    isInterestSubmitted: false,
    isInterestApproved: false,
    isProposalSubmitted: false,
    evaluation: LOWEST_PRICE,
    ...patch,
  };
  return { ...t, ...tenderAnswer(t) } as Tender;
};

const show = (t: Tender, onChanged = vi.fn()) =>
  render(
    <AppProviders>
      <MemoryRouter>
        <DecisionPanel tender={t} onChanged={onChanged} />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  comparison = {
    sealed: false,
    proposalCount: 3,
    state: 'bids_opened',
    awardedProposalId: null,
    rows: [row(1, 'Alpha', 300), row(2, 'Beta', 100), row(3, 'Gamma', 200)],
  };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the owner’s decision panel', () => {
  it('before the deadline: the count only, and Amend / Cancel but no award', async () => {
    comparison = { ...comparison, sealed: true, state: 'published', rows: [] };
    show(tender({ state: 'published' }));
    expect((await screen.findByTestId('comparison-sealed')).textContent).toContain('Received so far: 3');
    expect(screen.getByTestId('amend-tender')).toBeTruthy();
    expect(screen.getByTestId('cancel-tender')).toBeTruthy();
    expect(screen.queryByTestId('no-award')).toBeNull();
  });

  it('after it: the rows sorted by price, re-sorted on a header, shortlisted and awarded with a note', async () => {
    const onChanged = vi.fn();
    show(tender({}), onChanged);
    const names = async () =>
      (await screen.findAllByTestId('comparison-row')).map((r) => r.querySelector('td')?.textContent);
    expect(await names()).toEqual(['Beta', 'Gamma', 'Alpha']);
    fireEvent.click(screen.getByTestId('sort-offerPrice'));
    await waitFor(async () => expect(await names()).toEqual(['Alpha', 'Gamma', 'Beta']));

    const beta = screen.getAllByTestId('comparison-row').find((r) => r.textContent?.includes('Beta'))!;
    fireEvent.click(within(beta).getByTestId('shortlist'));
    await waitFor(() => expect(ownerApi.evaluate).toHaveBeenCalledWith(5, 2, { evaluation: 'shortlisted' }));

    fireEvent.click(within(beta).getByTestId('award'));
    const form = await screen.findByTestId('award-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Best value' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Award' }));
    await waitFor(() => expect(ownerApi.award).toHaveBeenCalledWith(5, 2, 'Best value'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('under four eyes the award and the cancellation are requests, and the toasts say they wait for an approver', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const pending = {
      refusals: { award: 'DECISION_PENDING', noAward: 'DECISION_PENDING', cancel: 'DECISION_PENDING' },
    };
    vi.mocked(ownerApi.award).mockResolvedValueOnce(pending as never);
    vi.mocked(ownerApi.endTender).mockResolvedValueOnce(pending as never);
    show(tender({}));
    const beta = (await screen.findAllByTestId('comparison-row')).find((r) =>
      r.textContent?.includes('Beta'),
    )!;
    fireEvent.click(within(beta).getByTestId('award'));
    fireEvent.click(within(await screen.findByTestId('award-form')).getByRole('button', { name: 'Award' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Award requested: it waits for an approver'));
    fireEvent.click(screen.getByTestId('cancel-tender'));
    const cancel = await screen.findByTestId('cancel-form');
    fireEvent.change(within(cancel).getByRole('textbox'), { target: { value: 'Postponed' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel tender' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Requested: it waits for an approver'));
    expect(success).not.toHaveBeenCalledWith('Tender awarded');
    expect(success).not.toHaveBeenCalledWith('Tender cancelled');
    success.mockRestore();
  });

  it('asks for a reason before marking not responsive, closing without award or cancelling', async () => {
    show(tender({}));
    const alpha = (await screen.findAllByTestId('comparison-row')).find((r) =>
      r.textContent?.includes('Alpha'),
    )!;
    fireEvent.click(within(alpha).getByTestId('not-responsive'));
    const form = await screen.findByTestId('not-responsive-form');
    const submit = within(form).getByRole('button', { name: 'Mark not responsive' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'No licence' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(ownerApi.evaluate).toHaveBeenCalledWith(5, 1, {
        evaluation: 'not_responsive',
        reason: 'No licence',
      }),
    );

    fireEvent.click(screen.getByTestId('cancel-tender'));
    const cancel = await screen.findByTestId('cancel-form');
    fireEvent.change(within(cancel).getByRole('textbox'), { target: { value: 'Postponed' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel tender' }));
    await waitFor(() => expect(ownerApi.endTender).toHaveBeenCalledWith(5, 'cancel', 'Postponed'));
  });

  it('an ended tender offers no action', async () => {
    comparison = { ...comparison, state: 'awarded', awardedProposalId: 2 };
    show(
      tender({
        state: 'awarded',
        outcome: { status: 'awarded', at: '2026-11-23T00:00:00Z', note: null, winner: null },
      }),
    );
    expect(await screen.findByTestId('awarded-row')).toBeTruthy();
    expect(screen.queryByTestId('cancel-tender')).toBeNull();
    expect(screen.queryByTestId('award')).toBeNull();
    expect(screen.getByTestId('decision-status').textContent).toContain('Awarded on');
  });

  it('a tender cancelled before its deadline says its proposals were never opened, not that none came (en, ar)', async () => {
    comparison = { ...comparison, state: 'cancelled', proposalCount: 2, rows: [] };
    const cancelled = tender({
      state: 'cancelled',
      outcome: { status: 'cancelled', at: '2026-11-21T00:00:00Z', note: 'Postponed', winner: null },
    });
    show(cancelled);
    const text = (await screen.findByTestId('comparison-unopened')).textContent;
    expect(text).toContain('cancelled before its deadline');
    expect(text).toContain('(2)');
    expect(screen.queryByText('No proposals were received')).toBeNull();
    cleanup();
    i18n.loadAndActivate({ locale: 'ar', messages: arabic });
    show(cancelled);
    const ar = (await screen.findByTestId('comparison-unopened')).textContent;
    expect(ar).toContain('أُلغيت المناقصة قبل موعدها النهائي');
    expect(ar).toContain('2');
  });

  it('says why a proposal cannot be awarded: not responsive, or its fee and bond unpaid (en, ar)', async () => {
    comparison = {
      ...comparison,
      rows: [
        {
          ...row(1, 'Alpha', 300),
          evaluation: 'not_responsive',
          evaluationReason: 'No licence',
          awardRefusal: 'PROPOSAL_NOT_RESPONSIVE',
        },
        { ...row(2, 'Beta', 100), paymentStatus: 'unpaid', awardRefusal: 'PROPOSAL_NOT_PAID' },
        { ...row(3, 'Gamma', 200), paymentStatus: 'paid' },
      ],
    };
    show(tender({}));
    const rowOf = async (name: string) =>
      (await screen.findAllByTestId('comparison-row')).find((r) => r.textContent?.includes(name))!;
    const why = (r: HTMLElement) => {
      const award = within(r).getByTestId('award') as HTMLButtonElement;
      const id = award.getAttribute('aria-describedby');
      return { disabled: award.disabled, text: id ? document.getElementById(id)?.textContent : null };
    };
    expect(why(await rowOf('Alpha'))).toEqual({
      disabled: true,
      text: 'Marked not responsive: it cannot be awarded.',
    });
    expect(why(await rowOf('Beta'))).toEqual({
      disabled: true,
      text: 'The participation fee and bond were not paid: it cannot be awarded.',
    });
    expect(why(await rowOf('Gamma'))).toEqual({ disabled: false, text: null });
    cleanup();
    i18n.loadAndActivate({ locale: 'ar', messages: arabic });
    show(tender({}));
    expect(why(await rowOf('Beta')).text).toBe('لم تُدفع رسوم المشاركة والضمان: لا يمكن ترسية هذا العرض.');
    expect(why(await rowOf('Alpha')).text).toBe('صُنّف هذا العرض غير مستوفٍ: لا يمكن ترسيته.');
  });

  for (const language of ['en', 'ar'] as const)
    it(`after the technical lock, shows each proposal's results in the comparison (${language})`, async () => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      const locked = {
        technicalPassed: true,
        technicalScore: 82.5,
        priceScore: 30,
        finalScore: 87.75,
        rank: 1,
      };
      comparison = {
        ...comparison,
        rows: [
          { ...row(1, 'Alpha', 300), ...locked },
          {
            ...row(2, 'Beta', 100),
            technicalPassed: false,
            technicalScore: 41,
            awardRefusal: 'PROPOSAL_FAILED_TECHNICAL',
          },
          row(3, 'Gamma', 200),
        ],
      };
      show(tender({}));
      const rowOf = async (name: string) =>
        (await screen.findAllByTestId('comparison-row')).find((r) => r.textContent?.includes(name))!;
      const alpha = within(await rowOf('Alpha')).getByTestId('row-results');
      expect(within(alpha).getByTestId('row-technical-passed').textContent).toBe(
        language === 'en' ? 'Passed the technical stage' : 'اجتاز المرحلة الفنية',
      );
      expect(within(alpha).getByTestId('row-rank').textContent).toBe(
        language === 'en' ? 'Rank 1' : 'الترتيب ١',
      );
      expect(within(alpha).getByTestId('row-scores').textContent).toBe(
        language === 'en'
          ? 'Technical 82.5 · price 30 · final 87.75'
          : 'الفني ٨٢٫٥ · السعر ٣٠ · النهائي ٨٧٫٧٥',
      );
      const beta = within(await rowOf('Beta')).getByTestId('row-results');
      expect(within(beta).getByTestId('row-technical-passed').textContent).toBe(
        language === 'en' ? 'Failed the technical stage' : 'لم يجتز المرحلة الفنية',
      );
      expect(within(beta).queryByTestId('row-rank')).toBeNull();
      // Before the lock (all null): nothing.
      expect(within(await rowOf('Gamma')).queryByTestId('row-results')).toBeNull();
      useSessionStore.setState({ language: 'en' });
    });
});
