import { getData, http, sendData } from '@bawaba/shared';
import {
  adminAds,
  adminCompanies,
  approveCompany,
  approveRequest,
  call,
  categories,
  changePassword,
  createAd,
  deleteAd,
  follow,
  myCompany,
  myFollows,
  myInterests,
  myProfile,
  myProposals,
  payProposal,
  proposal,
  receivedInvitations,
  receivedRequests,
  rejectCompany,
  rejectRequest,
  sentRequests,
  tenderInvitations,
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

  adminTenders: (q: { page: number; limit: number; approvalStatus?: string; title?: string }) =>
    getData('admin/tenders', { searchParams: q }),
  /** A rejection says why, as for companies (decideCompany). */
  decideTender: (id: number, action: 'approve' | 'reject', reason?: string) => {
    if (action === 'approve') return sendData('post', `admin/tenders/${id}/approve`);
    const reject = (why: string) => sendData('post', `admin/tenders/${id}/reject`, { json: { reason: why } });
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
  siteSettings: () => getData('bo-setting'),
  saveSiteSettings: (body: BoSettingPatch) => sendData('put', 'admin/bo-setting', { json: body }),
};
