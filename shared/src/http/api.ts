import type * as C from '../contracts/index.ts';
import { fileDownload } from '../contracts/routes/heads/files.ts';
import { pathOf } from '../contracts/routes/route.ts';
import { type HttpContext, http } from './client.ts';
import { searchParamsOf } from './query.ts';

/**
 * Every call the front ends make, by path, with the contract types of what goes in and what comes back (the
 * `data` of the answer). The types come from the valibot schemas of shared/src/contracts, the same schemas the API
 * parses requests with and documents its answers with; the API's tests check every answer against them. This table
 * is types only (nothing of it reaches the bundles): a page gets the contract's type without a cast, and a path or
 * body the API does not have does not compile. Replaced by the route entries (shared/src/contracts/routes) and
 * `call`: no app of this tree calls `getData` or `sendData` any more, and a new call is an entry, never a line
 * here. The table stays as long as those two functions do (deployed remote releases call them), and goes with them.
 */
export interface ApiGets {
  'users/me': C.AuthUser;
  categories: C.Category[];
  locations: C.Location[];
  services: C.Service[];
  'services/autocomplete': C.Service[];
  companies: C.PagedOf<C.Company>;
  'companies/mine': C.Company | null;
  [company: `companies/${number}`]: C.Company;
  'admin/companies': C.PagedOf<C.AdminCompany>;
  'requests/sent': C.PagedOf<C.ServiceRequest>;
  'requests/received': C.PagedOf<C.ServiceRequest>;
  tenders: C.PagedOf<C.Tender>;
  'tenders/mine': C.PagedOf<C.Tender>;
  'tenders/followed': C.Tender[];
  'interests/mine': C.Interest[];
  'invitations/tenders': C.InvitableTender[];
  'invitations/inviter': C.InviterStatus;
  'invitations/received': C.Invitation[];
  follows: C.Follows;
  'admin/tenders': C.PagedOf<C.Tender>;
  [tender: `tenders/${number}`]: C.Tender;
  [interests: `tenders/${number}/interests`]: C.Interest[];
  [proposals: `tenders/${number}/proposals`]: C.Proposal[];
  [questions: `tenders/${number}/clarifications`]: C.Clarification[];
  [amendments: `tenders/${number}/amendments`]: C.Amendment[];
  [comparison: `tenders/${number}/comparison`]: C.Comparison;
  [history: `tenders/${number}/history`]: C.TenderEvent[];
  [invitations: `tenders/${number}/invitations`]: C.Invitation[];
  'proposals/mine': C.Proposal[];
  [proposal: `proposals/${number}`]: C.Proposal;
  [payment: `payments/${string}`]: C.Payment;
  notification: C.Notification[];
  'notification/page': C.NotificationPage;
  'ads/active': C.Ad | null;
  'admin/ads': C.PagedOf<C.Ad>;
  'bo-setting': C.BoSetting;
  settings: C.Settings;
}

type Call<Body, Data> = { body: Body; data: Data };

export interface ApiSends {
  post: {
    'auth/login': Call<C.LoginBody, C.AuthResponse>;
    'auth/register': Call<C.RegisterBody, C.Ok>;
    'auth/forgot-password': Call<C.ForgotPasswordBody, C.Ok>;
    'auth/set-password': Call<C.SetPasswordBody, C.AuthResponse>;
    'auth/change-password': Call<C.ChangePasswordBody, C.AuthResponse>;
    'auth/logout': Call<undefined, C.Ok>;
    [approval: `admin/companies/${number}/approve`]: Call<undefined, C.Company>;
    [rejection: `admin/companies/${number}/reject`]: Call<C.RejectionBody, C.Company>;
    requests: Call<C.ServiceRequestBody, C.ServiceRequest>;
    [approval: `requests/${number}/approve`]: Call<undefined, C.ServiceRequest>;
    [rejection: `requests/${number}/reject`]: Call<C.RejectionBody, C.ServiceRequest>;
    tenders: Call<C.TenderBody, C.Tender>;
    [step: `tenders/${number}/${'publish' | 'close'}`]: Call<undefined, C.Tender>;
    [approval: `admin/tenders/${number}/approve`]: Call<undefined, C.Tender>;
    [rejection: `admin/tenders/${number}/reject`]: Call<C.RejectionBody, C.Tender>;
    [approval: `tenders/${number}/interests/${number}/approve`]: Call<undefined, C.Interest>;
    [rejection: `tenders/${number}/interests/${number}/reject`]: Call<C.RejectionBody, C.Interest>;
    [invitation: `tenders/${number}/invitations`]: Call<C.InvitationBody, C.Invitation>;
    [question: `tenders/${number}/clarifications`]: Call<C.QuestionBody, C.Clarification>;
    [answer: `tenders/${number}/clarifications/${number}/answer`]: Call<C.AnswerBody, C.Clarification>;
    [amendment: `tenders/${number}/amendments`]: Call<C.AmendmentBody, C.Amendment>;
    [evaluation: `tenders/${number}/proposals/${number}/evaluation`]: Call<C.EvaluationBody, C.Ok>;
    [award: `tenders/${number}/award`]: Call<C.AwardBody, C.Tender>;
    [ending: `tenders/${number}/${'no-award' | 'cancel'}`]: Call<C.OutcomeReasonBody, C.Tender>;
    interests: Call<C.InterestBody, C.Interest>;
    follows: Call<C.FollowBody, C.Follow>;
    proposals: Call<C.ProposalBody, C.ProposalSubmitted>;
    [pay: `proposals/${number}/pay`]: Call<undefined, C.PayNowResponse>;
    [read: `notification/${number}/read`]: Call<undefined, C.Notification>;
    'notification/read-all': Call<undefined, C.Ok>;
    'admin/ads': Call<C.AdBody, C.Ad>;
    contact: Call<C.ContactBody, C.Ok>;
  };
  put: {
    'companies/mine': Call<C.CompanyBody, C.Company>;
    'admin/bo-setting': Call<C.BoSettingPatch, C.BoSetting>;
    [proposal: `proposals/${number}`]: Call<C.ResubmitProposalBody, C.ProposalSubmitted>;
  };
  patch: {
    'users/me': Call<C.UpdateProfileBody, C.AuthUser>;
    [tender: `tenders/${number}`]: Call<C.TenderBody, C.Tender>;
    [ad: `admin/ads/${number}`]: Call<C.AdPatchBody, C.Ad>;
  };
  delete: {
    [ad: `admin/ads/${number}`]: Call<undefined, C.Ok>;
    [follow: `follows/${number}`]: Call<undefined, C.Ok>;
  };
}

/** Query values; an empty string or `undefined` means "not set" and is left out of the URL. */
export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  searchParams?: Query;
  context?: HttpContext;
  signal?: AbortSignal;
}

function kyOptions({ searchParams, context, signal }: CallOptions, json?: unknown) {
  return {
    ...(searchParams === undefined ? {} : { searchParams: searchParamsOf(searchParams) }),
    ...(json === undefined ? {} : { json }),
    ...(context ? { context: { ...context } } : {}),
    ...(signal ? { signal } : {}),
  };
}

/**
 * `GET /api/v1/<path>` → the answer's `data`, with the contract type of that path.
 * @deprecated Call a route entry with `call` of `@bawaba/shared/call` (typed by the contract, with headers and an
 * idempotency key). Kept in the singleton while a deployed remote release still uses it (docs/releases.md).
 */
export async function getData<P extends keyof ApiGets & string>(
  path: P,
  options: CallOptions = {},
): Promise<ApiGets[P]> {
  return (await http.get(path, kyOptions(options)).json<{ data: ApiGets[P] }>()).data;
}

/**
 * `POST | PUT | PATCH | DELETE /api/v1/<path>` → the answer's `data`; `json` is the contract's request body.
 * @deprecated Call a route entry with `call` of `@bawaba/shared/call`; kept like `getData`.
 */
export async function sendData<M extends keyof ApiSends, P extends keyof ApiSends[M] & string>(
  method: M,
  path: P,
  { json, ...options }: CallOptions & { json?: BodyOf<M, P> } = {},
): Promise<DataOf<M, P>> {
  return (await http[method](path, kyOptions(options, json)).json<{ data: DataOf<M, P> }>()).data;
}

type BodyOf<M extends keyof ApiSends, P extends keyof ApiSends[M]> =
  ApiSends[M][P] extends Call<infer B, unknown> ? B : never;
type DataOf<M extends keyof ApiSends, P extends keyof ApiSends[M]> =
  ApiSends[M][P] extends Call<unknown, infer D> ? D : never;

/**
 * Saves a stored file (`GET /files/:id`). Private files (tender documents, proposal attachments) are served only
 * with the Bearer header, so a plain link cannot open them: the file comes through the one client and the browser
 * gets a blob. The name is the caller's, else the server's (Content-Disposition), else the id.
 */
export async function downloadFile(fileId: string, name?: string): Promise<void> {
  const response = await http.get(pathOf(fileDownload.path, { id: fileId }));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? fileNameOf(response.headers.get('content-disposition')) ?? fileId;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has started the download by now; the delay only keeps slow browsers from losing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
