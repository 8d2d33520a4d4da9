/**
 * The tender calls (api/README.md), all through the one shared `http` client (Bearer, language, spinner and
 * the docs/product-spec.md §8 popups), except the upload, which uses XMLHttpRequest for its progress events (see upload.ts).
 */
import { http } from '@bawaba/shared';
import type {
  Envelope,
  Interest,
  PagedOf,
  Proposal,
  ProposalBody,
  ProposalSubmitted,
  ResubmitProposalBody,
  Tender,
} from '@bawaba/shared/contracts';

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
    | 'isPublished']: string;
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
};

export const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof TenderFilterValues)[];

/** Spec §9: 8 tenders per page. */
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

export async function listTenders(filters: TenderFilterValues, page: number): Promise<PagedOf<Tender>> {
  const body = await http
    .get('tenders', { searchParams: tenderQuery(filters, page) })
    .json<Envelope<PagedOf<Tender>>>();
  return body.data;
}

export async function getTender(id: number): Promise<Tender> {
  return (await http.get(`tenders/${id}`).json<Envelope<Tender>>()).data;
}

export async function submitInterest(tender: number): Promise<Interest> {
  return (await http.post('interests', { json: { tender } }).json<Envelope<Interest>>()).data;
}

export async function submitProposal(body: ProposalBody): Promise<ProposalSubmitted> {
  return (await http.post('proposals', { json: body }).json<Envelope<ProposalSubmitted>>()).data;
}

export async function myProposals(): Promise<Proposal[]> {
  return (await http.get('proposals/mine').json<Envelope<Proposal[]>>()).data;
}

export async function getProposal(id: number): Promise<Proposal> {
  return (await http.get(`proposals/${id}`).json<Envelope<Proposal>>()).data;
}

export async function resubmitProposal(id: number, body: ResubmitProposalBody): Promise<ProposalSubmitted> {
  return (await http.put(`proposals/${id}`, { json: body }).json<Envelope<ProposalSubmitted>>()).data;
}

/** A fresh checkout for a proposal whose fee/bond is unpaid (retry after a declined payment). */
export async function payProposal(id: number): Promise<{ payUrl: string; reference: string }> {
  return (await http.post(`proposals/${id}/pay`).json<Envelope<{ payUrl: string; reference: string }>>())
    .data;
}

/** Private files (tender documents, proposal files) need the Bearer header: fetch as a blob, then save. */
export async function downloadFile(id: string, name: string): Promise<void> {
  const blob = await http.get(`files/${id}`).blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
