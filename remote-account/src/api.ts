import {
  adminAds,
  adminAudit,
  adminAuditCsv,
  adminCatalog,
  adminCompanies,
  adminCredentials,
  adminTenders,
  adminUser,
  adminUsers,
  approveCompany,
  approveRequest,
  approveTender,
  boSetting,
  call,
  cancelMemberInvitation,
  categories,
  changeMemberRoles,
  changePassword,
  companyMembers,
  createAd,
  createCategory,
  createLocation,
  createService,
  dashboard,
  decisionSettings,
  deleteAd,
  follow,
  inviteMember,
  leaveCompany,
  memberInvitations,
  mergeService,
  myCompany,
  myCredentials,
  myFollows,
  myProfile,
  receivedRequests,
  rejectCompany,
  rejectCredential,
  rejectRequest,
  rejectTender,
  removeMember,
  resendMemberInvitation,
  resendVerification,
  restoreUser,
  saveBoSetting,
  saveDecisionSettings,
  saveFile,
  sentRequests,
  services,
  suspendUser,
  unfollow,
  updateAd,
  updateCategory,
  updateLocation,
  updateMyProfile,
  updateService,
  uploadCredential,
  verifyCredential,
} from '@bawaba/shared/call';
import type {
  AdBody,
  AdPatchBody,
  AuditCsvQuery,
  AuditQuery,
  BoSettingPatch,
  CatalogKind,
  ChangePasswordBody,
  CompanyStatus,
  CredentialBody,
  CredentialStatus,
  DecisionSettings,
  FollowBody,
  InviteMemberBody,
  MemberRole,
  RejectionBody,
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

  /**
   * The dashboard: the marketplace's or the active company's measures, as the session decides. Silent: the page
   * shows every outcome itself (a refusal as its reason, any other failure as the retry notice), which the shell's
   * error popup would say a second time; it hands a 401 or 403 to the shell (`refusalMessageOf`).
   */
  dashboard: () => call(dashboard, { context: { silent: true } }),

  /** The active company's members (docs/decisions/0011-organisations.md). */
  members: () => call(companyMembers),
  memberInvitations: () => call(memberInvitations),
  invite: (body: InviteMemberBody) => call(inviteMember, { body }),
  resendInvitation: (id: number) => call(resendMemberInvitation, { params: { id } }),
  cancelInvitation: (id: number) => call(cancelMemberInvitation, { params: { id } }),
  changeMemberRoles: (id: number, roles: MemberRole[]) =>
    call(changeMemberRoles, { params: { id }, body: { roles } }),
  removeMember: (id: number) => call(removeMember, { params: { id } }),
  leaveCompany: () => call(leaveCompany),
  /** The active company's approval threshold (docs/decisions/0013-decision-stage.md): any member reads it. */
  decisionSettings: () => call(decisionSettings),
  saveDecisionSettings: (body: DecisionSettings) => call(saveDecisionSettings, { body }),
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
  /** The catalogue's services in the order the footer takes its first ones from. */
  services: () => call(services),

  sentRequests: (page: number, limit: number) => call(sentRequests, { query: { page, limit } }),
  /** `q`: words to find in the requester, company, services or message (searched by the server). */
  receivedRequests: (page: number, limit: number, q = '') =>
    call(receivedRequests, { query: { page, limit, q: q.trim() } }),
  approveRequest: (id: number) => call(approveRequest, { params: { id } }),
  /** The reason is shown to the requester. */
  rejectRequest: (id: number, body: RejectionBody) => call(rejectRequest, { params: { id }, body }),

  adminTenders: (q: { page: number; limit: number; approvalStatus?: string; title?: string }) =>
    call(adminTenders, { query: q }),
  /** A rejection says why, as for companies (decideCompany). */
  decideTender: (id: number, action: 'approve' | 'reject', reason?: string) => {
    if (action === 'approve') return call(approveTender, { params: { id } });
    const reject = (why: string) => call(rejectTender, { params: { id }, body: { reason: why } });
    return reason === undefined ? askToReject('tender', reject) : reject(reason);
  },

  follows: () => call(myFollows),
  follow: (body: FollowBody) => call(follow, { body }),
  unfollow: (id: number) => call(unfollow, { params: { id } }),

  ads: (q: { search?: string; page: number; limit: number }) =>
    call(adminAds, { query: { page: q.page, limit: q.limit, search: q.search?.trim() } }),
  createAd: (body: AdBody) => call(createAd, { body }),
  updateAd: (id: number, body: AdPatchBody) => call(updateAd, { params: { id }, body }),
  deleteAd: (id: number) => call(deleteAd, { params: { id } }),

  /** The catalogue as administrators manage it; writes name the version read and show refusals on the page. */
  adminCatalog: () => call(adminCatalog),
  createCatalogEntry: (kind: 'categories' | 'locations', body: { nameEn: string; nameAr: string }) => {
    const options = { body, context: { silent: true } };
    return kind === 'categories' ? call(createCategory, options) : call(createLocation, options);
  },
  createService: (body: { nameEn: string; nameAr: string; categoryId: number }) =>
    call(createService, { body, context: { silent: true } }),
  updateCatalogEntry: (
    kind: CatalogKind,
    id: number,
    body: { version: number; nameEn?: string; nameAr?: string; position?: number; retired?: boolean },
  ) => {
    const options = { params: { id }, body, context: { silent: true } };
    if (kind === 'categories') return call(updateCategory, options);
    return kind === 'services' ? call(updateService, options) : call(updateLocation, options);
  },
  mergeService: (id: number, body: { version: number; into: number }) =>
    call(mergeService, { params: { id }, body, context: { silent: true } }),

  /** The back-office setting: the footer's and contact page's details, social links. */
  siteSettings: () => call(boSetting),
  saveSiteSettings: (body: BoSettingPatch) => call(saveBoSetting, { body }),

  /** The admin audit log, filtered (empty filters left out) and paged by the server. */
  audit: (q: AuditQuery) => call(adminAudit, { query: q }),
  /** The filtered log as a CSV file, saved by the browser (the call needs the Bearer header: no plain link). */
  downloadAudit: (q: AuditCsvQuery) => saveFile(adminAuditCsv, { query: q, fileName: 'admin-audit.csv' }),

  /** People (admins): searched by name, email or company, paged by the server. */
  users: (q: { q?: string; page: number; limit: number }) =>
    call(adminUsers, { query: { page: q.page, limit: q.limit, q: q.q?.trim() || undefined } }),
  user: (id: number) => call(adminUser, { params: { id } }),
  suspendUser: (id: number, reason: string) => call(suspendUser, { params: { id }, body: { reason } }),
  restoreUser: (id: number, reason: string) =>
    call(restoreUser, { params: { id }, body: reason.trim() ? { reason } : {} }),
  resendVerification: (id: number) => call(resendVerification, { params: { id } }),

  /** The active company's credentials (its administrators) and a new one, pending an admin's verification. */
  credentials: () => call(myCredentials),
  uploadCredential: (body: CredentialBody) => call(uploadCredential, { body }),
  /** The admins' verification queue (one status at a time, oldest first). */
  adminCredentials: (status: CredentialStatus) => call(adminCredentials, { query: { status } }),
  /** A rejection says why, as for companies (decideCompany): the company's administrators are told it. */
  decideCredential: (id: number, action: 'approve' | 'reject', reason?: string) => {
    if (action === 'approve') return call(verifyCredential, { params: { id } });
    const reject = (why: string) => call(rejectCredential, { params: { id }, body: { reason: why } });
    return reason === undefined ? askToReject('credential', reject) : reject(reason);
  },
};
