import { getData, http, sendData } from '@bawaba/shared';
import { call, categories, tenderInvitations } from '@bawaba/shared/call';
import type {
  AmendmentBody,
  ComparisonQuery,
  EvaluationBody,
  RejectionBody,
  TenderBody,
} from '@bawaba/shared/contracts';

/** The tender owner's calls (api/README.md "Tender lifecycle"), typed by the shared contracts. */
export const ownerApi = {
  categories: () => call(categories),
  myTenders: (q: { page: number; limit: number; approvalStatus?: string; status?: string; state?: string }) =>
    getData('tenders/mine', { searchParams: q }),
  createTender: (body: TenderBody) => sendData('post', 'tenders', { json: body }),
  updateTender: (id: number, body: TenderBody) => sendData('patch', `tenders/${id}`, { json: body }),
  publishTender: (id: number) => sendData('post', `tenders/${id}/publish`),
  closeTender: (id: number) => sendData('post', `tenders/${id}/close`),
  interests: (tenderId: number) => getData(`tenders/${tenderId}/interests`),
  approveInterest: (tenderId: number, interestId: number) =>
    sendData('post', `tenders/${tenderId}/interests/${interestId}/approve`),
  /** The reason is shown to the bidder. */
  rejectInterest: (tenderId: number, interestId: number, body: RejectionBody) =>
    sendData('post', `tenders/${tenderId}/interests/${interestId}/reject`, { json: body }),
  /** The owner's tracking of the companies invited to a tender. */
  tenderInvitations: (tenderId: number) => call(tenderInvitations, { params: { id: tenderId } }),
  tenderProposals: (tenderId: number) => getData(`tenders/${tenderId}/proposals`),
  comparison: (tenderId: number, q: ComparisonQuery) =>
    getData(`tenders/${tenderId}/comparison`, { searchParams: q }),
  /** The comparison as a CSV file, saved by the browser (the call needs the Bearer header: no plain link). */
  downloadComparison: async (tenderId: number, q: ComparisonQuery, name: string) => {
    const response = await http.get(`tenders/${tenderId}/comparison.csv`, {
      searchParams: { sort: q.sort ?? 'offerPrice', order: q.order ?? 'asc' },
    });
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  },
  evaluate: (tenderId: number, proposalId: number, body: EvaluationBody) =>
    sendData('post', `tenders/${tenderId}/proposals/${proposalId}/evaluation`, { json: body }),
  award: (tenderId: number, proposalId: number, note: string) =>
    sendData('post', `tenders/${tenderId}/award`, { json: { proposalId, note } }),
  endTender: (tenderId: number, how: 'no-award' | 'cancel', reason: string) =>
    sendData('post', `tenders/${tenderId}/${how}`, { json: { reason } }),
  amend: (tenderId: number, body: AmendmentBody) =>
    sendData('post', `tenders/${tenderId}/amendments`, { json: body }),
  history: (tenderId: number) => getData(`tenders/${tenderId}/history`),
};
