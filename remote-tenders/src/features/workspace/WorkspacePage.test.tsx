import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import { stateColumns, tenderAnswer } from '@bawaba/shared/build/testing';
import { LOWEST_PRICE, type Tender, type TenderState } from '@bawaba/shared/contracts';
import { TENDER_STAGES } from '@bawaba/shared/rules';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../locales/ar/workspace.ts';

/** The Arabic the page has once the workspace is shown: the remote's catalog and the workspace's. */
const arabic = { ...arabicMain, ...arabicWorkspace };

import { ownerApi } from './owner-api.ts';
import TenderWorkspace from './WorkspacePage.tsx';

vi.mock('./owner-api.ts', () => ({ ownerApi: { myTenders: vi.fn() } }));

/** The list shows after the tabs' lazy Chakra part and the first answer: a loaded machine needs more than a second. */
const LOADED = { timeout: 5000 };

/** The owner's tender in `state` as the API sends it: its `can` is the rulebook's. */
const tender = (state: TenderState, id: number) => {
  const t = {
    id,
    number: `BWB-2026-00${id}`,
    title: `Tender ${state}`,
    status: 'open',
    ...stateColumns(state),
    start_date: null,
    end_date: null,
    publish_date: null,
    deadline: null,
    participationFee: 0,
    bond: 0,
    currency: 'QAR',
    services: [],
    documents: [],
    ownerId: 7,
    isOwner: true,
    isInterestSubmitted: false,
    isInterestApproved: false,
    isProposalSubmitted: false,
    clarificationCutoff: null,
    evaluation: LOWEST_PRICE,
  } as const;
  return { ...t, ...tenderAnswer(t) } as unknown as Tender;
};

beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 7, name: 'Owner', isAdmin: false }, language: 'en' });
  vi.mocked(ownerApi.myTenders).mockImplementation(async () => ({
    items: TENDER_STAGES.map((state, i) => tender(state, 10 + i)),
    totalItems: TENDER_STAGES.length,
    pageCount: 1,
  }));
});
afterEach(() => {
  cleanup();
  vi.mocked(ownerApi.myTenders).mockReset();
});

const open = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <TenderWorkspace />
      </MemoryRouter>
    </AppProviders>,
  );
const cardOf = (state: TenderState) =>
  screen.getAllByTestId('tender-card').find((c) => within(c).queryByText(`Tender ${state}`))!;

describe('Tender workspace: stages', () => {
  it('shows each tender’s stage, the open/closed access only before bids open, in English and Arabic', async () => {
    const expected: Record<'en' | 'ar', Record<TenderState, string>> = {
      en: {
        draft: 'Draft',
        pending_approval: 'Pending approval',
        rejected: 'Rejected',
        published: 'Accepting proposals',
        bids_opened: 'Bids opened',
        standstill: 'Award decided (standstill)',
        awarded: 'Awarded',
        no_award: 'Closed without award',
        cancelled: 'Cancelled',
      },
      ar: {
        draft: 'مسودة',
        pending_approval: 'بانتظار الموافقة',
        rejected: 'مرفوض',
        published: 'تقبل العروض',
        bids_opened: 'فُتحت العروض',
        standstill: 'تقررت الترسية (فترة التوقف)',
        awarded: 'تمت الترسية',
        no_award: 'مغلقة دون ترسية',
        cancelled: 'ملغاة',
      },
    };
    for (const language of ['en', 'ar'] as const) {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      open();
      await screen.findAllByTestId('tender-card', {}, LOADED);
      for (const state of TENDER_STAGES) {
        const card = cardOf(state);
        expect(within(card).getByTestId('tender-stage').textContent, state).toBe(expected[language][state]);
        const access = within(card).queryByTestId('tender-access');
        if (['bids_opened', 'standstill', 'awarded', 'no_award', 'cancelled'].includes(state))
          expect(access, `${state} shows no access badge`).toBeNull();
        else expect(access?.getAttribute('data-status'), state).toBe('open');
      }
      cleanup();
    }
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('has a tab for every stage of a published tender, asking the API for that state', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    open();
    await screen.findAllByTestId('tender-card', {}, LOADED);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'All',
      'Drafts',
      'Pending approval',
      'Rejected',
      'All published',
      'Accepting proposals',
      'Bids opened',
      'Award decided (standstill)',
      'Awarded',
      'Closed without award',
      'Cancelled',
    ]);
    for (const state of [
      'bids_opened',
      'standstill',
      'awarded',
      'no_award',
      'cancelled',
      'published',
    ] as const) {
      fireEvent.click(screen.getByTestId(`tender-tab-${state}`));
      await waitFor(() => expect(ownerApi.myTenders).toHaveBeenLastCalledWith({ page: 1, limit: 5, state }));
    }
    fireEvent.click(screen.getByTestId('tender-tab-draft'));
    await waitFor(() =>
      expect(ownerApi.myTenders).toHaveBeenLastCalledWith({ page: 1, limit: 5, approvalStatus: 'draft' }),
    );
  });
});

describe('a tender an administrator rejected', () => {
  it('shows the administrator’s reason to its owner, in its own direction', async () => {
    const rejected = tender('rejected', 3);
    rejected.approvalStatus = { status: 'rejected', reason: 'الوثائق ناقصة (Annex B)' };
    vi.mocked(ownerApi.myTenders).mockImplementation(async () => ({
      items: [rejected],
      totalItems: 1,
      pageCount: 1,
    }));
    open();
    const reason = await screen.findByTestId('rejection-reason', {}, LOADED);
    expect(reason.textContent).toContain('الوثائق ناقصة (Annex B)');
    expect(within(reason).getByText('الوثائق ناقصة (Annex B)').getAttribute('dir')).toBe('auto');
  });
});
