import {
  amendTender,
  approveInterest,
  awardTender,
  call,
  cancelTender,
  categories,
  closeTender,
  comparison,
  comparisonCsv,
  createTender,
  editTender,
  endWithoutAward,
  evaluateProposal,
  myTenders,
  publishTender,
  rejectInterest,
  saveFile,
  tenderHistory,
  tenderInterests,
  tenderInvitations,
  tenderProposals,
} from '@bawaba/shared/call';
import type {
  AmendmentBody,
  ComparisonQuery,
  EvaluationBody,
  RejectionBody,
  TenderBody,
} from '@bawaba/shared/contracts';

/** The tender owner's calls, each an entry of the route contract (`@bawaba/shared/routes`). */
export const ownerApi = {
  categories: () => call(categories),
  myTenders: (q: { page: number; limit: number; approvalStatus?: string; status?: string; state?: string }) =>
    call(myTenders, { query: q }),
  createTender: (body: TenderBody) => call(createTender, { body }),
  updateTender: (id: number, body: TenderBody) => call(editTender, { params: { id }, body }),
  publishTender: (id: number) => call(publishTender, { params: { id } }),
  closeTender: (id: number) => call(closeTender, { params: { id } }),
  interests: (tenderId: number) => call(tenderInterests, { params: { id: tenderId } }),
  approveInterest: (tenderId: number, interestId: number) =>
    call(approveInterest, { params: { id: tenderId, interestId } }),
  /** The reason is shown to the bidder. */
  rejectInterest: (tenderId: number, interestId: number, body: RejectionBody) =>
    call(rejectInterest, { params: { id: tenderId, interestId }, body }),
  /** The owner's tracking of the companies invited to a tender. */
  tenderInvitations: (tenderId: number) => call(tenderInvitations, { params: { id: tenderId } }),
  tenderProposals: (tenderId: number) => call(tenderProposals, { params: { id: tenderId } }),
  comparison: (tenderId: number, q: ComparisonQuery) =>
    call(comparison, { params: { id: tenderId }, query: q }),
  /** The comparison as a CSV file, saved by the browser (the call needs the Bearer header: no plain link). */
  downloadComparison: (tenderId: number, q: ComparisonQuery, name: string) =>
    saveFile(comparisonCsv, {
      params: { id: tenderId },
      query: { sort: q.sort ?? 'offerPrice', order: q.order ?? 'asc' },
      fileName: name,
    }),
  evaluate: (tenderId: number, proposalId: number, body: EvaluationBody) =>
    call(evaluateProposal, { params: { id: tenderId, proposalId }, body }),
  award: (tenderId: number, proposalId: number, note: string) =>
    call(awardTender, { params: { id: tenderId }, body: { proposalId, note } }),
  endTender: (tenderId: number, how: 'no-award' | 'cancel', reason: string) =>
    how === 'cancel'
      ? call(cancelTender, { params: { id: tenderId }, body: { reason } })
      : call(endWithoutAward, { params: { id: tenderId }, body: { reason } }),
  amend: (tenderId: number, body: AmendmentBody) => call(amendTender, { params: { id: tenderId }, body }),
  history: (tenderId: number) => call(tenderHistory, { params: { id: tenderId } }),
};
