import { http } from '@bawaba/shared';
import {
  adminAds,
  adminCompanies,
  adminTenders,
  amendTender,
  approveCompany,
  approveInterest,
  approveRequest,
  approveTender,
  awardTender,
  boSetting,
  call,
  cancelTender,
  categories,
  changePassword,
  closeTender,
  comparison,
  comparisonCsv,
  createAd,
  createTender,
  deleteAd,
  editTender,
  endWithoutAward,
  evaluateProposal,
  follow,
  myCompany,
  myFollows,
  myInterests,
  myProfile,
  myProposals,
  myTenders,
  pathOf,
  payProposal,
  proposal,
  publishTender,
  receivedInvitations,
  receivedRequests,
  rejectCompany,
  rejectInterest,
  rejectRequest,
  rejectTender,
  saveBoSetting,
  sentRequests,
  tenderHistory,
  tenderInterests,
  tenderInvitations,
  tenderProposals,
  unfollow,
  updateAd,
  updateMyProfile,
} from '@bawaba/shared/call';
import type {
  AdBody,
  AdPatchBody,
  AmendmentBody,
  BoSettingPatch,
  ChangePasswordBody,
  CompanyStatus,
  ComparisonQuery,
  EvaluationBody,
  FollowBody,
  RejectionBody,
  TenderBody,
  UpdateProfileBody,
} from '@bawaba/shared/contracts';
import { askToReject } from './components/rejection-prompt.ts';

/** Every account call, typed and checked by the shared contracts (api/README.md). */
export const api = {
  /** Refreshes the stored user when the account opens: not started by the user, so no spinner. */
  me: () => call(myProfile, { context: { background: true } }),
  updateMe: (body: UpdateProfileBody) => call(updateMyProfile, { body }),
  changePassword: (body: ChangePasswordBody) => call(changePassword, { body }),

  myCompany: () => call(myCompany),
  adminCompanies: (q: { status?: CompanyStatus | ''; search?: string; page: number; limit: number }) =>
    call(adminCompanies, {
      query: { page: q.page, limit: q.limit, status: q.status, search: q.search?.trim() },
    }),
  /**
   * A rejection says why (required by the API; the company's owner reads it): without `reason`, the admin is asked
   * for it in the reject dialog (a closed dialog rejects with RejectionCancelled).
   */
  decideCompany: (id: number, action: 'approve' | 'reject', reason?: string) => {
    if (action === 'approve') return call(approveCompany, { params: { id } });
    const reject = (why: string) => call(rejectCompany, { params: { id }, body: { reason: why } });
    return reason === undefined ? askToReject('company', reject) : reject(reason);
  },

  categories: () => call(categories),

  sentRequests: (page: number, limit: number) => call(sentRequests, { query: { page, limit } }),
  /** `q`: words to find in the requester, company, services or message (searched by the server). */
  receivedRequests: (page: number, limit: number, q = '') =>
    call(receivedRequests, { query: { page, limit, q: q.trim() } }),
  approveRequest: (id: number) => call(approveRequest, { params: { id } }),
  /** The reason is shown to the requester. */
  rejectRequest: (id: number, body: RejectionBody) => call(rejectRequest, { params: { id }, body }),

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
  downloadComparison: async (tenderId: number, q: ComparisonQuery, name: string) => {
    const response = await http.get(pathOf(comparisonCsv.path, { id: tenderId }), {
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
    call(evaluateProposal, { params: { id: tenderId, proposalId }, body }),
  award: (tenderId: number, proposalId: number, note: string) =>
    call(awardTender, { params: { id: tenderId }, body: { proposalId, note } }),
  endTender: (tenderId: number, how: 'no-award' | 'cancel', reason: string) =>
    how === 'cancel'
      ? call(cancelTender, { params: { id: tenderId }, body: { reason } })
      : call(endWithoutAward, { params: { id: tenderId }, body: { reason } }),
  amend: (tenderId: number, body: AmendmentBody) => call(amendTender, { params: { id: tenderId }, body }),
  history: (tenderId: number) => call(tenderHistory, { params: { id: tenderId } }),

  adminTenders: (q: { page: number; limit: number; approvalStatus?: string; title?: string }) =>
    call(adminTenders, { query: q }),
  /** A rejection says why, as for companies (decideCompany). */
  decideTender: (id: number, action: 'approve' | 'reject', reason?: string) => {
    if (action === 'approve') return call(approveTender, { params: { id } });
    const reject = (why: string) => call(rejectTender, { params: { id }, body: { reason: why } });
    return reason === undefined ? askToReject('tender', reject) : reject(reason);
  },

  myProposals: () => call(myProposals),
  myInterests: () => call(myInterests),
  /** Invitations to the caller's companies. */
  receivedInvitations: () => call(receivedInvitations),

  follows: () => call(myFollows),
  follow: (body: FollowBody) => call(follow, { body }),
  unfollow: (id: number) => call(unfollow, { params: { id } }),
  proposal: (id: number) => call(proposal, { params: { id } }),
  /** A fresh checkout for an unpaid proposal, with its `Idempotency-Key` (the same while the user retries). */
  payProposal: (id: number, key: string) => call(payProposal, { params: { id }, idempotencyKey: key }),

  ads: (q: { search?: string; page: number; limit: number }) =>
    call(adminAds, { query: { page: q.page, limit: q.limit, search: q.search?.trim() } }),
  createAd: (body: AdBody) => call(createAd, { body }),
  updateAd: (id: number, body: AdPatchBody) => call(updateAd, { params: { id }, body }),
  deleteAd: (id: number) => call(deleteAd, { params: { id } }),

  /** The back-office setting: the footer's and contact page's details, social links. */
  siteSettings: () => call(boSetting),
  saveSiteSettings: (body: BoSettingPatch) => call(saveBoSetting, { body }),
};
