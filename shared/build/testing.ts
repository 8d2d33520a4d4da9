import * as v from 'valibot';
import { vi } from 'vitest';
import { Company } from '../src/contracts/companies.ts';
import type { Tender, TenderOutcomeStatus } from '../src/contracts/tenders.ts';
import { tenderPermissions } from '../src/rules/tender-rules.ts';

type Progress = (e: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * The browser's XMLHttpRequest as an upload sees it, for unit tests of anything that uploads (`uploadFile`):
 * install it with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`. By default the test decides when the body is sent
 * and what comes back (`FakeXhr.last.progress(…)`, `.answer(…)`); with `FakeXhr.store` set, every upload gets half
 * its body sent and then the stored file that `store` makes of it.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static store: ((file: File) => unknown) | null = null;
  upload: { onprogress: Progress | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  headers: Record<string, string> = {};
  open = vi.fn();
  abort = vi.fn();
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send = vi.fn((form: FormData) => {
    FakeXhr.last = this;
    const store = FakeXhr.store;
    if (!store) return;
    setTimeout(() => {
      this.progress(1, 2);
      this.answer(201, { data: store(form.get('file') as File) });
    });
  });
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

/**
 * A company as the API answers it — approved, not masked, nothing optional filled in — with `patch` over it, for
 * the unit tests of every app that shows companies. It is parsed with the contract, so a test can never hand a page
 * a company the API would not send (a new required field fails here, once, not in each test's copy).
 */
export function companyFixture(patch: Partial<Company> = {}): Company {
  // Written in English only unless the patch says otherwise: its versions follow the name and description.
  const name = patch.name ?? 'Doha Digital Solutions';
  const description = patch.description ?? '<p>Hello</p>';
  return v.parse(Company, {
    id: 42,
    name,
    nameLang: 'en',
    nameEn: name,
    nameAr: null,
    description,
    descriptionLang: 'en',
    descriptionEn: description,
    descriptionAr: null,
    logo_url: null,
    website_url: null,
    facebook: null,
    twitter: null,
    linkedin: null,
    google: null,
    skype: null,
    location: null,
    services: [],
    categories: [],
    status: 'approved',
    masked: false,
    credentials: [],
    // No contract delivered yet: what a new company's answer carries.
    reputation: {
      contractsDelivered: 0,
      averages: { quality: null, timeliness: null, communication: null, paymentOnTime: null },
      overall: null,
      ratingsCount: 0,
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  });
}

const isEnded = (state: Tender['state']): state is TenderOutcomeStatus =>
  state === 'awarded' || state === 'no_award' || state === 'cancelled';
const APPROVAL_OF: Record<Tender['state'], Tender['approvalStatus']['status']> = {
  draft: 'draft',
  pending_approval: 'pending',
  rejected: 'rejected',
  published: 'approved',
  bids_opened: 'approved',
  standstill: 'approved',
  awarded: 'approved',
  no_award: 'approved',
  cancelled: 'approved',
};

/**
 * The columns of a tender that follow from its state, as the API sends them (an ended one with its outcome), for
 * unit tests that build a tender in every state.
 */
export function stateColumns(
  state: Tender['state'],
): Pick<Tender, 'state' | 'approvalStatus' | 'isPublished' | 'isPastDeadline' | 'outcome'> {
  return {
    state,
    approvalStatus: { status: APPROVAL_OF[state] },
    isPublished: state !== 'draft',
    isPastDeadline: state === 'bids_opened' || state === 'standstill' || isEnded(state),
    outcome: isEnded(state)
      ? { status: state, at: '2026-11-21T00:00:00.000Z', note: 'Noted', winner: null }
      : null,
  };
}

/** The tender's deadline when it agrees with its state (passed once bids are opened), else one that does. */
function deadlineIn(state: Tender['state'], deadline: string | null): Date | null {
  const day = 86_400_000;
  const passed = deadline !== null && Date.parse(deadline) <= Date.now();
  if (state === 'bids_opened' || state === 'standstill')
    return passed ? new Date(deadline) : new Date(Date.now() - day);
  if (state === 'published')
    return passed ? new Date(Date.now() + 10 * day) : deadline ? new Date(deadline) : null;
  return deadline ? new Date(deadline) : null;
}

/**
 * What the API answers as a tender's `can` and `refusals` for a tender in `tender.state`, seen by `viewer` (null: a
 * visitor; by default the owner when `isOwner`, else a bidder with the interest and proposal its flags say): the
 * shared rulebook's answer, for unit tests that build tenders by hand.
 */
export function tenderAnswer(
  tender: Pick<
    Tender,
    | 'state'
    | 'status'
    | 'ownerId'
    | 'isOwner'
    | 'isInterestSubmitted'
    | 'isInterestApproved'
    | 'isProposalSubmitted'
    | 'clarificationCutoff'
    | 'deadline'
  > &
    Partial<Pick<Tender, 'requiredCredentials'>>,
  viewer: { id: number; isAdmin: boolean } | null = {
    id: tender.isOwner ? tender.ownerId : tender.ownerId + 1,
    isAdmin: false,
  },
): Pick<Tender, 'can' | 'refusals'> {
  const state = tender.state;
  const ended = isEnded(state);
  const approval = APPROVAL_OF[state];
  const facts = {
    ownerId: tender.ownerId,
    status: tender.status,
    approvalStatus: approval,
    isPublished: approval !== 'draft',
    outcome: ended ? state : null,
    deadline: deadlineIn(state, tender.deadline),
    clarificationCutoff: tender.clarificationCutoff,
    standstillEndsAt: state === 'standstill' ? new Date(Date.now() + 5 * 86_400_000) : null,
    // The reader holds no credential: a tender requiring one refuses their proposal.
    requiredCredentials: tender.requiredCredentials ?? [],
  };
  const interest = tender.isInterestApproved ? 'approved' : tender.isInterestSubmitted ? 'pending' : null;
  return tenderPermissions(facts, { viewer, interest, hasProposal: tender.isProposalSubmitted });
}
