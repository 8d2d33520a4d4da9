import type { MemberRole } from '@bawaba/shared/contracts';
import type { Access, RouteSpec } from '@bawaba/shared/routes';
import * as contract from '@bawaba/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BIDDER, call, login, makeApp, newMember, OTHER, OWNER, type TestApp } from './helpers.ts';

/**
 * Anonymous / user / owner / colleague / viewer / bidderColleague / other / admin × every route → expected status. A route of the contract
 * (shared/src/contracts/routes) is probed with `{ route, url, body, pass }`: its refusals (401, 403, and a member's
 * 409s) come from its declared access rule, `pass` is what a caller the rule admits gets (one status, or one per
 * role where ownership decides).
 * `user` is bidder@ (no company, owns nothing); `owner` is owner@ (administrator of the company that owns the
 * tenders and the tender of the proposal used below, with every role); `colleague` is buyer@, a member of the same
 * company with the buyer role only; `viewer` and `bidderColleague` are members of that company too, with only the
 * viewer or only the bidder role; `other` is mariam@, the administrator of another company; `admin` is admin@.
 * Bodies are chosen so that a caller who passes authorization gets a status that proves it (200, or 422/404/409
 * from the next check) without changing shared state.
 */
type Role = 'anon' | 'user' | 'owner' | 'colleague' | 'viewer' | 'bidderColleague' | 'other' | 'admin';
const ROLES: Role[] = ['anon', 'user', 'owner', 'colleague', 'viewer', 'bidderColleague', 'other', 'admin'];
/** The roles each member holds in their active company. */
const MEMBER_ROLES: Partial<Record<Role, MemberRole[]>> = {
  owner: ['admin', 'buyer', 'bidder', 'viewer'],
  colleague: ['buyer'],
  viewer: ['viewer'],
  bidderColleague: ['bidder'],
  other: ['admin', 'buyer', 'bidder', 'viewer'],
};
/** A route outside the contract (the OpenAPI document itself), with its statuses written out. */
type Unlisted = { method: string; url: string; body?: unknown; expect: Record<Role, number> };
type Probe = { route: RouteSpec; url: string; body?: unknown; pass: number | Partial<Record<Role, number>> };
type Row = Unlisted | Probe;

/**
 * What the access rule answers a role it refuses: no session 401, a role the rule excludes 403; a member's route
 * (`company`, `company:<role>`) answers `user`, who belongs to no company, 409 (no active company) — unless it
 * admits a person acting as themselves (`…|self`) — and a member without the role it names 409.
 */
function refusal(access: Access, role: Role): number | undefined {
  if (access === 'public' || access === 'optional') return undefined;
  if (role === 'anon') return 401;
  if (access.startsWith('company')) {
    if (role === 'admin') return 403;
    const [rule, self] = access.split('|');
    const roles = MEMBER_ROLES[role];
    if (!roles) return self ? undefined : 409;
    const needed = rule!.split(':')[1] as MemberRole | undefined;
    return needed && !roles.includes(needed) ? 409 : undefined;
  }
  if (access === 'notAdmin' && role === 'admin') return 403;
  if (access === 'admin' && role !== 'admin') return 403;
  return undefined;
}

function expected(row: Row, role: Role): number {
  if ('expect' in row) return row.expect[role];
  const refused = refusal(row.route.access, role);
  if (refused !== undefined) return refused;
  const pass = typeof row.pass === 'number' ? row.pass : row.pass[role];
  if (pass === undefined) throw new Error(`${row.route.method} ${row.url}: no status for ${role}`);
  return pass;
}

const methodOf = (row: Row) => ('route' in row ? row.route.method : row.method);
const routes = (Object.values(contract) as unknown[]).filter(
  (entry): entry is RouteSpec => typeof entry === 'object' && entry !== null && 'access' in entry,
);
const all = (n: number) => Object.fromEntries(ROLES.map((role) => [role, n])) as Record<Role, number>;
/**
 * Only the tender's buyer side (its company's members): anyone else signed in — a person without a company, a
 * member of another company — is refused as a business rule, never signed out (403): 409 for a public tender, 404
 * for one that is not public (it does not exist for them).
 */
/** Every member of the tender's company, whatever their roles (a route's access rule refuses those it names). */
const company = (n: number) => ({ owner: n, colleague: n, viewer: n, bidderColleague: n });
const owner = (n: number, notOwner = 409) => ({
  user: notOwner,
  ...company(n),
  other: notOwner,
  admin: 409,
});

let app: TestApp;
const tokens: Partial<Record<Role, string>> = {};
let rows: Row[] = [];

beforeAll(async () => {
  // Eight callers probe every route from one address: the rate limits are not what this file tests.
  app = await makeApp({
    env: {
      rateLimits: {
        login: 100,
        loginPerAccount: 100,
        register: 100,
        forgot: 100,
        upload: 100,
        windowMs: 60_000,
      },
    },
  });
  [tokens.user, tokens.owner, tokens.colleague, tokens.other, tokens.admin] = await Promise.all([
    login(app, BIDDER),
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, OTHER),
    login(app, ADMIN),
  ]);
  [tokens.viewer, tokens.bidderColleague] = await Promise.all([
    newMember(app, tokens.owner!, 'matrix-viewer@x.qa', ['viewer']),
    newMember(app, tokens.owner!, 'matrix-bidder@x.qa', ['bidder']),
  ]);
  type T = { id: number; status: string; approvalStatus: { status: string }; isPastDeadline: boolean };
  const mine: T[] = (await call(app, 'GET', '/tenders/mine', { token: tokens.owner })).body.data.items;
  const draft = mine.find((t) => t.approvalStatus.status === 'draft')!;
  const open = mine.find(
    (t) => t.approvalStatus.status === 'approved' && t.status === 'open' && !t.isPastDeadline,
  )!;
  const closed = mine.find(
    (t) => t.approvalStatus.status === 'approved' && t.status === 'closed' && !t.isPastDeadline,
  )!;
  const past = mine.find(
    (t) => t.approvalStatus.status === 'approved' && t.status === 'open' && t.isPastDeadline,
  )!;
  const props = (await call(app, 'GET', `/tenders/${past.id}/proposals`, { token: tokens.owner })).body.data;
  const proposal = props[0];
  const privateFile = proposal.current.attachment;
  const logo = (await call(app, 'GET', '/companies/1')).body.data.logo_url.split('/files/')[1];
  const tenderBody = {
    title: 'Edited draft',
    start_date: '2030-01-01',
    end_date: '2030-02-01',
    deadline: '2029-12-01',
  };
  const none = '00000000-0000-4000-8000-000000000000';
  // Webhooks: the owner's company (its administrator manages them; another company's administrator gets 404).
  const hooks = `/companies/${(await call(app, 'GET', '/companies/mine', { token: tokens.owner })).body.data.id}/webhooks`;
  const hook = `${hooks}/99999`;

  rows = [
    { route: contract.health, url: '/health', pass: 200 },
    { method: 'GET', url: '/openapi.json', expect: all(200) },
    { route: contract.register, url: '/auth/register', body: {}, pass: 422 },
    { route: contract.setPassword, url: '/auth/set-password', body: {}, pass: 422 },
    { route: contract.login, url: '/auth/login', body: {}, pass: 422 },
    { route: contract.forgotPassword, url: '/auth/forgot-password', body: {}, pass: 422 },
    { route: contract.changePassword, url: '/auth/change-password', body: {}, pass: 422 },
    { route: contract.startNavigation, url: '/auth/navigation', pass: 200 },
    { route: contract.myProfile, url: '/users/me', pass: 200 },
    { route: contract.updateMyProfile, url: '/users/me', body: { name: '' }, pass: 422 },
    { route: contract.categories, url: '/categories', pass: 200 },
    { route: contract.locations, url: '/locations', pass: 200 },
    { route: contract.services, url: '/services', pass: 200 },
    { route: contract.autocompleteServices, url: '/services/autocomplete?q=web', pass: 200 },
    { route: contract.companyDirectory, url: '/companies', pass: 200 },
    { route: contract.myCompany, url: '/companies/mine', pass: 200 },
    { route: contract.saveMyCompany, url: '/companies/mine', body: {}, pass: 422 },
    { route: contract.company, url: '/companies/1', pass: 200 },
    { route: contract.adminCompanies, url: '/admin/companies', pass: 200 },
    { route: contract.approveCompany, url: '/admin/companies/99999/approve', pass: 404 },
    {
      route: contract.rejectCompany,
      url: '/admin/companies/99999/reject',
      body: { reason: 'No' },
      pass: 404,
    },
    { route: contract.myCredentials, url: '/credentials', pass: 200 },
    { route: contract.uploadCredential, url: '/credentials', body: {}, pass: 422 },
    { route: contract.adminCredentials, url: '/admin/credentials', pass: 200 },
    { route: contract.verifyCredential, url: '/admin/credentials/99999/verify', pass: 404 },
    {
      route: contract.rejectCredential,
      url: '/admin/credentials/99999/reject',
      body: { reason: 'No' },
      pass: 404,
    },
    { route: contract.sendRequest, url: '/requests', body: {}, pass: 422 },
    { route: contract.sentRequests, url: '/requests/sent', pass: 200 },
    { route: contract.receivedRequests, url: '/requests/received', pass: 200 },
    { route: contract.approveRequest, url: '/requests/99999/approve', pass: 404 },
    { route: contract.rejectRequest, url: '/requests/99999/reject', body: { reason: 'No' }, pass: 404 },
    { route: contract.upload, url: '/files/upload', body: {}, pass: 415 },
    { route: contract.fileDownload, url: `/files/${logo}`, pass: 200 },
    {
      route: contract.fileDownload,
      url: `/files/${privateFile}`,
      pass: { anon: 401, user: 404, ...company(200), other: 404, admin: 200 },
    },
    { route: contract.marketTenders, url: '/tenders', pass: 200 },
    { route: contract.myTenders, url: '/tenders/mine', pass: 200 },
    { route: contract.adminTenders, url: '/admin/tenders', pass: 200 },
    {
      route: contract.tender,
      url: `/tenders/${draft.id}`,
      pass: { anon: 404, user: 404, ...company(200), other: 404, admin: 200 },
    },
    { route: contract.tender, url: `/tenders/${open.id}`, pass: 200 },
    { route: contract.createTender, url: '/tenders', body: {}, pass: 422 },
    { route: contract.editTender, url: `/tenders/${draft.id}`, body: tenderBody, pass: owner(200, 404) },
    { route: contract.publishTender, url: `/tenders/${open.id}/publish`, pass: owner(409) },
    { route: contract.closeTender, url: `/tenders/${closed.id}/close`, pass: owner(409) },
    { route: contract.approveTender, url: `/admin/tenders/${open.id}/approve`, pass: 409 },
    {
      route: contract.rejectTender,
      url: `/admin/tenders/${open.id}/reject`,
      body: { reason: 'No' },
      pass: 409,
    },
    { route: contract.tenderInterests, url: `/tenders/${closed.id}/interests`, pass: owner(200) },
    {
      route: contract.approveInterest,
      url: `/tenders/${closed.id}/interests/99999/approve`,
      pass: owner(404),
    },
    {
      route: contract.rejectInterest,
      url: `/tenders/${closed.id}/interests/99999/reject`,
      body: { reason: 'No' },
      pass: owner(404),
    },
    {
      route: contract.invite,
      url: `/tenders/${open.id}/invitations`,
      body: { company: 99999 },
      pass: { user: 409, ...company(404), other: 409 },
    },
    { route: contract.tenderInvitations, url: `/tenders/${open.id}/invitations`, pass: owner(200) },
    { route: contract.invitableTenders, url: '/invitations/tenders', pass: 200 },
    // Any signed-in caller: an admin is told there is nothing to invite to (a 403 would sign them out).
    { route: contract.inviterStatus, url: '/invitations/inviter', pass: 200 },
    { route: contract.receivedInvitations, url: '/invitations/received', pass: 200 },
    { route: contract.tenderProposals, url: `/tenders/${open.id}/proposals`, pass: owner(200) },
    { route: contract.clarifications, url: `/tenders/${open.id}/clarifications`, pass: 200 },
    { route: contract.askQuestion, url: `/tenders/${open.id}/clarifications`, body: {}, pass: 422 },
    {
      route: contract.answerQuestion,
      url: `/tenders/${open.id}/clarifications/99999/answer`,
      body: {},
      pass: owner(422),
    },
    { route: contract.amendments, url: `/tenders/${open.id}/amendments`, pass: 200 },
    { route: contract.amendTender, url: `/tenders/${open.id}/amendments`, body: {}, pass: owner(422) },
    { route: contract.comparison, url: `/tenders/${open.id}/comparison`, pass: owner(200) },
    { route: contract.comparisonCsv, url: `/tenders/${past.id}/comparison.csv`, pass: owner(200) },
    {
      route: contract.evaluateProposal,
      url: `/tenders/${past.id}/proposals/99999/evaluation`,
      body: {},
      pass: owner(422),
    },
    { route: contract.awardTender, url: `/tenders/${past.id}/award`, body: {}, pass: owner(422) },
    { route: contract.endWithoutAward, url: `/tenders/${past.id}/no-award`, body: {}, pass: owner(422) },
    { route: contract.cancelTender, url: `/tenders/${open.id}/cancel`, body: {}, pass: owner(422) },
    {
      route: contract.tenderHistory,
      url: `/tenders/${open.id}/history`,
      pass: { user: 409, ...company(200), other: 409, admin: 200 },
    },
    {
      route: contract.decisionRequests,
      url: `/tenders/${open.id}/decision-requests`,
      pass: { user: 409, ...company(200), other: 409, admin: 200 },
    },
    // Nobody here holds the approver role: the buyer side is refused for the role (409; the refusal's body is read
    // once the tender is theirs: 422), everyone else as not the owner.
    {
      route: contract.approveDecision,
      url: `/tenders/${past.id}/decision-request/approve`,
      pass: owner(409),
    },
    {
      route: contract.refuseDecision,
      url: `/tenders/${past.id}/decision-request/refuse`,
      body: {},
      pass: owner(422),
    },
    { route: contract.objections, url: `/tenders/${open.id}/objections`, pass: 200 },
    { route: contract.fileObjection, url: `/tenders/${open.id}/objections`, body: {}, pass: 422 },
    {
      route: contract.answerObjection,
      url: `/tenders/${open.id}/objections/99999/answer`,
      body: {},
      pass: owner(422),
    },
    { route: contract.openObjections, url: '/admin/objections', pass: 200 },
    { route: contract.bafoRound, url: `/tenders/${open.id}/bafo`, pass: 200 },
    { route: contract.startBafo, url: `/tenders/${open.id}/bafo`, body: {}, pass: owner(422) },
    { route: contract.submitBafo, url: `/tenders/${open.id}/bafo/offer`, body: {}, pass: 422 },
    // Contracts: a caller's own list for everyone signed in; a contract that is not theirs (here: none) is 404 to
    // every member and to admins alike, and the writes are refused to admins (403) before it is read.
    { route: contract.contracts, url: '/contracts', pass: 200 },
    { route: contract.contract, url: '/contracts/999999', pass: 404 },
    { route: contract.contractDocument, url: '/contracts/999999/document?lang=ar', pass: 404 },
    { route: contract.acceptContract, url: '/contracts/999999/accept', pass: 404 },
    { route: contract.terminateContract, url: '/contracts/999999/terminate', body: {}, pass: 422 },
    {
      route: contract.submitMilestone,
      url: '/contracts/999999/milestones/1/submission',
      body: { note: 'x' },
      pass: 404,
    },
    { route: contract.acceptMilestone, url: '/contracts/999999/milestones/1/accept', pass: 404 },
    {
      route: contract.requestMilestoneChanges,
      url: '/contracts/999999/milestones/1/changes',
      body: {},
      pass: 422,
    },
    { route: contract.payMilestone, url: '/contracts/999999/milestones/1/payment', pass: 404 },
    { route: contract.rateContract, url: '/contracts/999999/rating', body: {}, pass: 422 },
    {
      route: contract.rateContract,
      url: '/contracts/999999/rating',
      body: { quality: 5, timeliness: 5, communication: 5 },
      pass: 404,
    },
    {
      route: contract.replyToRating,
      url: '/contracts/999999/rating/reply',
      body: { reply: 'Thanks' },
      pass: 404,
    },
    { route: contract.proposeVariation, url: '/contracts/999999/variations', body: {}, pass: 422 },
    { route: contract.acceptVariation, url: '/contracts/999999/variations/1/accept', pass: 404 },
    { route: contract.rejectVariation, url: '/contracts/999999/variations/1/reject', pass: 404 },
    { route: contract.withdrawVariation, url: '/contracts/999999/variations/1/withdraw', pass: 404 },
    // The evaluation panel: the buyer side reads it (any role) and admins; its writes are refused to anyone off the
    // buyer side before the body is read (422 once the tender is theirs), and to a member off the panel by the
    // rulebook (409).
    {
      route: contract.tenderPanel,
      url: `/tenders/${open.id}/panel`,
      pass: { user: 409, ...company(200), other: 409, admin: 200 },
    },
    { route: contract.appointPanel, url: `/tenders/${open.id}/panel`, body: {}, pass: owner(422) },
    {
      route: contract.signDeclaration,
      url: `/tenders/${past.id}/panel/declaration`,
      body: {},
      pass: owner(422),
    },
    {
      route: contract.saveScores,
      url: `/tenders/${past.id}/panel/scores/99999`,
      body: {},
      pass: owner(422),
    },
    { route: contract.submitScores, url: `/tenders/${past.id}/panel/submit`, pass: owner(409) },
    { route: contract.requestRevisit, url: `/tenders/${past.id}/panel/revisit`, body: {}, pass: owner(422) },
    { route: contract.lockTechnical, url: `/tenders/${past.id}/panel/lock`, pass: owner(409) },
    // A debrief is the bidding side's only: nobody here bid on the draft (404).
    { route: contract.tenderDebrief, url: `/tenders/${draft.id}/debrief`, pass: 404 },
    { route: contract.decisionSettings, url: '/companies/mine/decision-settings', pass: 200 },
    { route: contract.saveDecisionSettings, url: '/companies/mine/decision-settings', body: {}, pass: 422 },
    { route: contract.submitInterest, url: '/interests', body: {}, pass: 422 },
    { route: contract.myInterests, url: '/interests/mine', pass: 200 },
    { route: contract.submitProposal, url: '/proposals', body: {}, pass: 422 },
    { route: contract.myProposals, url: '/proposals/mine', pass: 200 },
    { route: contract.myFollows, url: '/follows', pass: 200 },
    { route: contract.follow, url: '/follows', body: {}, pass: 422 },
    { route: contract.unfollow, url: '/follows/99999', pass: 404 },
    { route: contract.followedTenders, url: '/tenders/followed', pass: 200 },
    {
      route: contract.proposal,
      url: `/proposals/${proposal.id}`,
      pass: { user: 404, ...company(200), other: 404, admin: 200 },
    },
    // Only its bidder may resubmit or pay: anyone else gets 404 before the body is judged.
    { route: contract.resubmitProposal, url: `/proposals/${proposal.id}`, body: {}, pass: 404 },
    { route: contract.payProposal, url: `/proposals/${proposal.id}/pay`, pass: 404 },
    { route: contract.sandboxCheckout, url: `/payments/sandbox/checkout/${none}`, pass: 404 },
    {
      route: contract.completeSandboxCheckout,
      url: `/payments/sandbox/checkout/${none}`,
      body: { action: 'pay' },
      pass: 404,
    },
    { route: contract.payment, url: '/payments/PAY-000000000000', pass: 404 },
    { route: contract.notifications, url: '/notification', pass: 200 },
    { route: contract.notificationPage, url: '/notification/page', pass: 200 },
    { route: contract.readAllNotifications, url: '/notification/read-all', pass: 200 },
    { route: contract.readNotification, url: '/notification/99999999/read', pass: 404 },
    // Signed-in callers get a stream (tested in notifications.test.ts; -1: not probed); here only the refusal.
    { route: contract.notificationStream, url: '/notification/subscribe', pass: -1 },
    // The session decides the dashboard's scope: an admin the marketplace, a buyer or administrator of the active
    // company its tenders; a person without a company and a member with neither role are refused (409).
    {
      route: contract.dashboard,
      url: '/dashboard',
      pass: { user: 409, ...company(200), viewer: 409, bidderColleague: 409, other: 200, admin: 200 },
    },
    { route: contract.activeAd, url: '/ads/active', pass: 200 },
    { route: contract.adminAds, url: '/admin/ads', pass: 200 },
    { route: contract.createAd, url: '/admin/ads', body: {}, pass: 422 },
    { route: contract.updateAd, url: '/admin/ads/99999', body: {}, pass: 404 },
    { route: contract.deleteAd, url: '/admin/ads/99999', pass: 404 },
    { route: contract.boSetting, url: '/bo-setting', pass: 200 },
    { route: contract.adminCatalog, url: '/admin/catalog', pass: 200 },
    { route: contract.createCategory, url: '/admin/catalog/categories', body: {}, pass: 422 },
    { route: contract.createService, url: '/admin/catalog/services', body: {}, pass: 422 },
    { route: contract.createLocation, url: '/admin/catalog/locations', body: {}, pass: 422 },
    {
      route: contract.updateCategory,
      url: '/admin/catalog/categories/99999',
      body: { version: 1 },
      pass: 404,
    },
    { route: contract.updateService, url: '/admin/catalog/services/99999', body: { version: 1 }, pass: 404 },
    {
      route: contract.updateLocation,
      url: '/admin/catalog/locations/99999',
      body: { version: 1 },
      pass: 404,
    },
    {
      route: contract.mergeService,
      url: '/admin/catalog/services/99999/merge',
      body: { version: 1, into: 1 },
      pass: 404,
    },
    { route: contract.saveBoSetting, url: '/admin/bo-setting', body: { email: 'not-an-email' }, pass: 422 },
    { route: contract.siteSettings, url: '/settings', pass: 200 },
    { route: contract.adminAudit, url: '/admin/audit', pass: 200 },
    { route: contract.adminAuditCsv, url: '/admin/audit.csv', pass: 200 },
    { route: contract.adminUsers, url: '/admin/users', pass: 200 },
    { route: contract.adminUser, url: '/admin/users/99999', pass: 404 },
    { route: contract.suspendUser, url: '/admin/users/99999/suspend', body: {}, pass: 422 },
    { route: contract.restoreUser, url: '/admin/users/99999/restore', body: {}, pass: 404 },
    { route: contract.resendVerification, url: '/admin/users/99999/resend-verification', pass: 404 },
    { route: contract.contact, url: '/contact', body: {}, pass: 422 },
    // Open data: anyone, signed in or not, reads the same packages (a tender that is not public: 404).
    { route: contract.ocdsTenderReleases, url: '/ocds/tenders/99999/releases', pass: 404 },
    { route: contract.ocdsTenderRecord, url: '/ocds/tenders/99999/record', pass: 404 },
    { route: contract.ocdsFeed, url: '/ocds/releases?limit=1', pass: 200 },
    { route: contract.ocdsBulkList, url: '/ocds/bulk', pass: 200 },
    { route: contract.ocdsBulkMonth, url: '/ocds/bulk/1999-01.json.gz', pass: 404 },
    { route: contract.companyMembers, url: '/members', pass: 200 },
    { route: contract.changeMemberRoles, url: '/members/99999', body: { roles: ['viewer'] }, pass: 404 },
    { route: contract.removeMember, url: '/members/99999', pass: 404 },
    // The owner and `other` are their companies' only administrators: refused, so nothing changes (the colleague
    // would leave: not probed).
    {
      route: contract.leaveCompany,
      url: '/members/leave',
      pass: { owner: 409, colleague: -1, viewer: -1, bidderColleague: -1, other: 409 },
    },
    { route: contract.memberInvitations, url: '/members/invitations', pass: 200 },
    { route: contract.inviteMember, url: '/members/invitations', body: {}, pass: 422 },
    { route: contract.resendMemberInvitation, url: '/members/invitations/99999/resend', pass: 404 },
    { route: contract.cancelMemberInvitation, url: '/members/invitations/99999', pass: 404 },
    { route: contract.memberInvitation, url: '/members/invitation', body: {}, pass: 422 },
    { route: contract.joinCompany, url: '/members/join', body: {}, pass: 422 },
    { route: contract.switchCompany, url: '/auth/switch-company', body: {}, pass: 422 },
    { route: contract.companyWebhooks, url: hooks, pass: { owner: 200, other: 404 } },
    { route: contract.createWebhook, url: hooks, body: {}, pass: { owner: 422, other: 404 } },
    { route: contract.updateWebhook, url: hook, body: {}, pass: 404 },
    { route: contract.deleteWebhook, url: hook, pass: 404 },
    { route: contract.rotateWebhookSecret, url: `${hook}/secret`, pass: 404 },
    { route: contract.testWebhook, url: `${hook}/test`, pass: 404 },
    { route: contract.webhookDeliveries, url: `${hook}/deliveries`, pass: 404 },
    { route: contract.retryWebhookDelivery, url: `${hook}/deliveries/99999/retry`, pass: 404 },
    { route: contract.logout, url: '/auth/logout', pass: 200 },
  ];
});
afterAll(async () => {
  await app.cleanup();
});

describe('authorization matrix', () => {
  it('covers every route the API registers, and the API registers every route of the contract', () => {
    const covered = new Set(rows.map((r) => `${methodOf(r)} ${r.url.split('?')[0]}`));
    const normalize = (u: string) =>
      u.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}|\/PAY-[0-9A-F]{12}|\/\d{4}-\d{2}(?=\.)|\/\d+/g, '/:x');
    const coveredShapes = new Set([...covered].map((c) => normalize(c)));
    const registered = app.ctx.routes
      .filter((r) => r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/docs'))
      .map((r) => `${r.method} ${r.url.replace('/api/v1', '')}`);
    const shape = (r: string) => r.replace(/:[a-zA-Z]+/g, ':x');
    expect(registered.map(shape).filter((r) => !coveredShapes.has(r))).toEqual([]);
    expect(routes.map((r) => `${r.method} ${r.path}`).filter((r) => !registered.includes(r))).toEqual([]);
    const probed = new Set(rows.flatMap((r) => ('route' in r ? [r.route] : [])));
    expect(routes.filter((r) => !probed.has(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('answers each role with the expected status', async () => {
    const failures: string[] = [];
    for (const row of rows) {
      for (const role of ROLES) {
        const want = expected(row, role);
        if (want === -1) continue;
        const r = await call(app, methodOf(row), row.url, { token: tokens[role], payload: row.body });
        if (r.status !== want)
          failures.push(
            `${methodOf(row)} ${row.url} as ${role}: ${r.status} (want ${want}) ${r.res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
