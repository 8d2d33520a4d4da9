import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { Comparison, BafoRound as Round, Tender } from '@bawaba/shared/contracts';
import { tenderPermissions } from '@bawaba/shared/rules';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicProfile } from '../../../locales/ar/profile.ts';
import { messages as arabicWorkspace } from '../../../locales/ar/workspace.ts';
import { tender as tenderOf } from '../../../test-utils.tsx';
import BafoOfferForm from '../../my-proposal/BafoOfferForm.tsx';
import BafoRound from './BafoRound.tsx';
import { bafoApi } from './bafo-api.ts';

let round: Round = null;
let comparison: Comparison;
vi.mock('./bafo-api.ts', () => ({
  bafoApi: {
    round: vi.fn(async () => round),
    start: vi.fn(async () => ({})),
    offer: vi.fn(async () => round),
  },
}));
vi.mock('../../workspace/owner-api.ts', () => ({
  ownerApi: { comparison: vi.fn(async () => comparison) },
}));

const DAY = 86_400_000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();
const facts = {
  ownerId: 7,
  status: 'open',
  approvalStatus: 'approved',
  isPublished: true,
  outcome: null,
  deadline: inDays(-1),
  clarificationCutoff: inDays(-3),
  bafoAllowed: true,
};
const compared = (id: number, name: string, evaluation: 'not_responsive' | null) => ({
  proposalId: id,
  bidder: { id, name, companyName: null, companyNameLang: null },
  offerPrice: 1000 * id,
  currency: 'QAR' as const,
  bestAndFinalOffer: null,
  period: 30,
  milestones: { count: 1, total: 1000, firstStart: null, lastEnd: null },
  paymentTerms: '30_days' as const,
  financialSealed: false,
  paymentStatus: 'not_required' as const,
  documentCount: 1,
  attachment: 'x',
  submittedAt: inDays(-2),
  version: 1,
  evaluation,
  evaluationReason: null,
  predatesAmendment: false,
  awardRefusal: null,
  technicalScore: null,
  technicalPassed: null,
  priceScore: null,
  finalScore: null,
  rank: null,
});
const invitee = (price: number | null) => ({
  proposalId: 5,
  bidderName: 'Layla',
  companyName: 'Gulf Star',
  companyNameLang: 'en' as const,
  previousPrice: 300000,
  currency: 'QAR',
  submitted: price !== null,
  submittedAt: price === null ? null : inDays(0),
  price,
});
const openRound = (price: number | null): NonNullable<Round> => ({
  deadline: inDays(2),
  closed: false,
  note: 'أفضل سعر من فضلكم',
  startedBy: { id: 7, name: 'Owner', companyName: null, companyNameLang: null },
  startedAt: inDays(-1),
  invitees: [invitee(price)],
});

/** The tender as the API sends it to `viewer`, with the round's columns. */
function tender(viewer: { id: number; isAdmin: boolean }, extra: object, stake: object = {}): Tender {
  return tenderOf({
    state: 'bids_opened',
    deadline: facts.deadline,
    isOwner: viewer.id === 7,
    isPastDeadline: true,
    evaluation: { ...tenderOf().evaluation, bestAndFinalOffer: true },
    ...tenderPermissions({ ...facts, ...extra }, { viewer, interest: null, hasProposal: true, ...stake }),
  });
}

const show = (node: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );

beforeEach(async () => {
  await i18n.loadAndActivate({ locale: 'en', messages: {} });
  comparison = {
    sealed: false,
    proposalCount: 2,
    state: 'bids_opened',
    awardedProposalId: null,
    rows: [compared(1, 'Alpha', null), compared(2, 'Beta', 'not_responsive')],
  };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  round = null;
  useSessionStore.setState({ language: 'en' });
});

describe('the buyer side’s best-and-final-offer round', () => {
  it('invites the proposals still in the running by a deadline in Qatar time, with a note', async () => {
    const onChanged = vi.fn();
    show(<BafoRound tender={tender({ id: 7, isAdmin: false }, {})} version={0} onChanged={onChanged} />);
    fireEvent.click(await screen.findByTestId('start-bafo'));
    const form = await screen.findByTestId('bafo-invite-form');
    // A proposal marked not responsive is not offered.
    const candidates = await within(form).findAllByTestId('bafo-candidate');
    expect(candidates.map((c) => c.textContent)).toEqual(['Alpha']);
    fireEvent.click(within(candidates[0]!).getByRole('checkbox'));
    // The box's state follows the click a moment later.
    await waitFor(() => expect(candidates[0]!.getAttribute('data-state')).toBe('checked'));
    fireEvent.change(screen.getByTestId('bafo-deadline-input'), { target: { value: '2027-01-10T12:00' } });
    fireEvent.click(screen.getByTestId('bafo-send'));
    await waitFor(() =>
      expect(bafoApi.start).toHaveBeenCalledWith(12, {
        proposalIds: [1],
        // Noon in Qatar (UTC+3).
        deadline: '2027-01-10T09:00:00.000Z',
        note: '',
      }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('shows a held round: offers sealed until it closes, then their prices; no second round (Arabic)', async () => {
    await i18n.loadAndActivate({ locale: 'ar', messages: arabicWorkspace });
    useSessionStore.setState({ language: 'ar' });
    const held = openRound(null)!;
    held.invitees[0]!.submitted = true;
    round = held;
    show(
      <BafoRound
        tender={tender({ id: 7, isAdmin: false }, { bafoStartedAt: inDays(-1), bafoDeadline: inDays(2) })}
        version={0}
        onChanged={vi.fn()}
      />,
    );
    expect((await screen.findByTestId('bafo-invitee')).textContent).toContain('وصل العرض (مختوم)');
    expect(screen.queryByTestId('start-bafo')).toBeNull();
    expect(screen.getByText('أفضل سعر من فضلكم').getAttribute('dir')).toBe('auto');
  });
});

describe('an invited bidder’s best and final offer', () => {
  it('sends a price while the round is open, and shows it (English)', async () => {
    round = openRound(null);
    const invited = tender(
      { id: 3, isAdmin: false },
      { bafoStartedAt: inDays(-1), bafoDeadline: inDays(2) },
      {
        bafoInvited: true,
      },
    );
    show(<BafoOfferForm tender={invited} />);
    fireEvent.change(await screen.findByTestId('bafo-price'), { target: { value: '250000' } });
    round = openRound(250000);
    fireEvent.click(screen.getByTestId('submit-bafo'));
    await waitFor(() => expect(bafoApi.offer).toHaveBeenCalledWith(12, 250000));
    expect((await screen.findByTestId('bafo-my-price')).textContent).toContain('250,000');
  });

  it('offers nothing more once the round has closed (Arabic)', async () => {
    await i18n.loadAndActivate({ locale: 'ar', messages: arabicProfile });
    useSessionStore.setState({ language: 'ar' });
    round = { ...openRound(240000)!, closed: true, deadline: inDays(-1) };
    const closed = tender(
      { id: 3, isAdmin: false },
      { bafoStartedAt: inDays(-3), bafoDeadline: inDays(-1) },
      {
        bafoInvited: true,
      },
    );
    show(<BafoOfferForm tender={closed} />);
    expect((await screen.findByTestId('bafo-offer')).textContent).toContain('أُغلقت الجولة');
    expect(screen.queryByTestId('submit-bafo')).toBeNull();
  });
});
