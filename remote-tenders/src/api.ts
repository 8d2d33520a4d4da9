/**
 * The tender calls (api/README.md), all through the one shared `http` client (Bearer, language, spinner and
 * the docs/product-spec.md §8 popups), except the upload, which uses XMLHttpRequest for its progress events (`uploadFile` in @bawaba/shared).
 */
import {
  amendments as amendmentsRoute,
  answerQuestion as answerRoute,
  askQuestion as askRoute,
  call,
  categories as categoriesRoute,
  clarifications as clarificationsRoute,
  submitInterest as interestRoute,
  marketTenders,
  myProposals as myProposalsRoute,
  payProposal as payRoute,
  proposal as proposalRoute,
  submitProposal as proposalSubmitRoute,
  resubmitProposal as resubmitRoute,
  tender as tenderRoute,
} from '@bawaba/shared/call';
import type { ProposalBody, ResubmitProposalBody, TenderStateFilter } from '@bawaba/shared/contracts';

/** The list filters as the form holds them (every field a string; '' = not set). */
export type TenderFilterValues = {
  [K in
    | 'number'
    | 'title'
    | 'status'
    | 'approvalStatus'
    | 'minBudget'
    | 'maxBudget'
    | 'minBond'
    | 'maxBond'
    | 'startDateFrom'
    | 'startDateTo'
    | 'endDateFrom'
    | 'endDateTo'
    | 'publishDateFrom'
    | 'publishDateTo'
    | 'isPublished'
    | 'state'
    | 'q'
    | 'categoryId'
    | 'serviceId']: string;
};

/** The form's starting values: the bond range shows 0 to 100000 (not sent as a filter, see tenderQuery). */
export const DEFAULT_FILTERS: TenderFilterValues = {
  number: '',
  title: '',
  status: '',
  approvalStatus: '',
  minBudget: '',
  maxBudget: '',
  minBond: '0',
  maxBond: '100000',
  startDateFrom: '',
  startDateTo: '',
  endDateFrom: '',
  endDateTo: '',
  publishDateFrom: '',
  publishDateTo: '',
  isPublished: '',
  // GET /tenders lists the tenders still accepting proposals unless another stage is chosen.
  state: 'published',
  q: '',
  categoryId: '',
  serviceId: '',
};

/**
 * The stages a visitor can filter the list by (the others are never public): one lifecycle state, every ended one
 * or all (TenderStateFilter in the shared contracts); `published` (still accepting proposals) is the default.
 */
export const PUBLIC_STATES = [
  'published',
  'bids_opened',
  'standstill',
  'awarded',
  'no_award',
  'cancelled',
  'ended',
  'all',
] as const satisfies readonly TenderStateFilter[];

export const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof TenderFilterValues)[];

/** docs/product-spec.md §9: 8 tenders per page. */
export const TENDER_PAGE_SIZE = 8;

/**
 * The query string of GET /tenders (TenderListQuery in the shared contracts): only the filters the user set. The
 * form's starting values (the bond range 0–100 000) are where the form starts, not a filter: a tender with a bond
 * above 100 000 is listed until the user narrows the range.
 */
export function tenderQuery(filters: TenderFilterValues, page: number): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value !== '' && value !== DEFAULT_FILTERS[key]) query[key] = value;
  }
  query.page = String(page);
  query.limit = String(TENDER_PAGE_SIZE);
  return query;
}

export const listTenders = (filters: TenderFilterValues, page: number) =>
  call(marketTenders, { query: tenderQuery(filters, page) });

export const getTender = (id: number) => call(tenderRoute, { params: { id } });

// The creating writes carry their `Idempotency-Key` (api/README.md "Idempotent creates"; the key from an
// `actionKey` of `@bawaba/shared/rules`, the same while the user retries).
export const submitInterest = (tender: number, key: string) =>
  call(interestRoute, { body: { tender }, idempotencyKey: key });

export const submitProposal = (body: ProposalBody, key: string) =>
  call(proposalSubmitRoute, { body, idempotencyKey: key });

export const myProposals = () => call(myProposalsRoute);

export const getProposal = (id: number) => call(proposalRoute, { params: { id } });

export const resubmitProposal = (id: number, body: ResubmitProposalBody, key: string) =>
  call(resubmitRoute, { params: { id }, body, idempotencyKey: key });

/** A fresh checkout for a proposal whose fee/bond is unpaid (retry after a declined payment). */
export const payProposal = (id: number, key: string) =>
  call(payRoute, { params: { id }, idempotencyKey: key });

/** Questions and answers (answered for everyone; the caller's own and, for the owner, all unanswered). */
export const listClarifications = (tender: number) => call(clarificationsRoute, { params: { id: tender } });

export const askQuestion = (tender: number, question: string) =>
  call(askRoute, { params: { id: tender }, body: { question } });

export const answerQuestion = (tender: number, clarification: number, answer: string) =>
  call(answerRoute, { params: { id: tender, clarificationId: clarification }, body: { answer } });

export const listAmendments = (tender: number) => call(amendmentsRoute, { params: { id: tender } });

/** The directory's category tree (names in the caller's language), for the service and category filters. */
export const listCategories = () => call(categoriesRoute);
