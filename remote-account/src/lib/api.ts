import { http } from '@bawaba/shared';
import type {
  Ad,
  AdBody,
  AdPatchBody,
  AuthResponse,
  AuthUser,
  Category,
  ChangePasswordBody,
  Company,
  CompanyStatus,
  Interest,
  PagedOf,
  Proposal,
  ServiceRequest,
  Tender,
  TenderBody,
  UpdateProfileBody,
} from '@bawaba/shared/contracts';

/** Every account call, typed with the shared contracts (api/README.md). */
const get = async <T>(path: string, searchParams?: Record<string, string | number>) =>
  (await http.get(path, searchParams ? { searchParams } : {}).json<{ data: T }>()).data;
const send = async <T>(method: 'post' | 'patch' | 'put' | 'delete', path: string, json?: unknown) =>
  (await http[method](path, json === undefined ? {} : { json }).json<{ data: T }>()).data;

export type Paged<T> = PagedOf<T>;

export const api = {
  /** Refreshes the stored user when the account opens: not started by the user, so no spinner. */
  me: async () =>
    (await http.get('users/me', { context: { background: true } }).json<{ data: AuthUser }>()).data,
  updateMe: (body: UpdateProfileBody) => send<AuthUser>('patch', 'users/me', body),
  changePassword: (body: ChangePasswordBody) => send<AuthResponse>('post', 'auth/change-password', body),

  myCompany: () => get<Company | null>('companies/mine'),
  adminCompanies: (q: { status?: CompanyStatus | ''; search?: string; page: number; limit: number }) =>
    get<Paged<Company>>('admin/companies', {
      page: q.page,
      limit: q.limit,
      ...(q.status ? { status: q.status } : {}),
      ...(q.search?.trim() ? { search: q.search.trim() } : {}),
    }),
  decideCompany: (id: number, action: 'approve' | 'reject') =>
    send<Company>('post', `admin/companies/${id}/${action}`),

  categories: () => get<Category[]>('categories'),

  sentRequests: (page: number, limit: number) => get<Paged<ServiceRequest>>('requests/sent', { page, limit }),
  receivedRequests: (page: number, limit: number) =>
    get<Paged<ServiceRequest>>('requests/received', { page, limit }),
  decideRequest: (id: number, action: 'approve' | 'reject') =>
    send<ServiceRequest>('post', `requests/${id}/${action}`),

  myTenders: (q: { page: number; limit: number; approvalStatus?: string; status?: string }) =>
    get<Paged<Tender>>('tenders/mine', clean(q)),
  createTender: (body: TenderBody) => send<Tender>('post', 'tenders', body),
  updateTender: (id: number, body: TenderBody) => send<Tender>('patch', `tenders/${id}`, body),
  publishTender: (id: number) => send<Tender>('post', `tenders/${id}/publish`),
  closeTender: (id: number) => send<Tender>('post', `tenders/${id}/close`),
  interests: (tenderId: number) => get<Interest[]>(`tenders/${tenderId}/interests`),
  decideInterest: (tenderId: number, interestId: number, action: 'approve' | 'reject') =>
    send<Interest>('post', `tenders/${tenderId}/interests/${interestId}/${action}`),
  tenderProposals: (tenderId: number) => get<Proposal[]>(`tenders/${tenderId}/proposals`),

  adminTenders: (q: { page: number; limit: number; approvalStatus?: string; title?: string }) =>
    get<Paged<Tender>>('admin/tenders', clean(q)),
  decideTender: (id: number, action: 'approve' | 'reject') =>
    send<Tender>('post', `admin/tenders/${id}/${action}`),

  myProposals: () => get<Proposal[]>('proposals/mine'),
  proposal: (id: number) => get<Proposal>(`proposals/${id}`),
  payProposal: (id: number) => send<{ payUrl: string; reference: string }>('post', `proposals/${id}/pay`),

  ads: (q: { search?: string; page: number; limit: number }) =>
    get<Paged<Ad>>('admin/ads', {
      page: q.page,
      limit: q.limit,
      ...(q.search?.trim() ? { search: q.search.trim() } : {}),
    }),
  createAd: (body: AdBody) => send<Ad>('post', 'admin/ads', body),
  updateAd: (id: number, body: AdPatchBody) => send<Ad>('patch', `admin/ads/${id}`, body),
  deleteAd: (id: number) => send<{ ok: true }>('delete', `admin/ads/${id}`),
};

function clean(q: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;
}
