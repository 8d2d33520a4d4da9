import { uploadFile } from '@bawaba/shared';
import {
  activeAd,
  autocompleteServices,
  call,
  categories,
  company,
  companyDirectory,
  follow,
  invitableTenders,
  invite,
  inviterStatus,
  locations,
  myCompany,
  myFollows,
  saveMyCompany,
  sendRequest,
  unfollow,
} from '@bawaba/shared/call';
import type { CompanyBody, FollowBody, ServiceRequestBody } from '@bawaba/shared/contracts';

/** Directory page size (docs/product-spec.md §9). */
const DIRECTORY_PAGE_SIZE = 5;

export interface DirectoryQuery {
  services: number[];
  /** Keyword: the API matches it against service names (and company names for signed-in callers). */
  name: string;
  /** Location id, or '' for anywhere. */
  location: string;
  /** The reputation filter: '' any, 'delivered' (contracts delivered on Bawaba), or a minimum rating ('4'). */
  reputation: string;
  /** 'rating': the best rated first; '' the directory's own order. */
  sort: '' | 'rating';
  page: number;
}

export const api = {
  categories: () => call(categories),
  locations: () => call(locations),
  autocomplete: (q: string, signal?: AbortSignal) =>
    call(autocompleteServices, { query: { q, limit: 8 }, ...(signal ? { signal } : {}) }),
  activeAd: () => call(activeAd),
  companies: (q: DirectoryQuery) =>
    call(companyDirectory, {
      query: {
        page: q.page,
        limit: DIRECTORY_PAGE_SIZE,
        services: q.services.join(','),
        name: q.name.trim(),
        location: q.location,
        sort: q.sort,
        // One choice of the form: contracts delivered, or a minimum rating.
        delivered: q.reputation === 'delivered' ? 'true' : '',
        minRating: q.reputation === 'delivered' ? '' : q.reputation,
      },
    }),
  company: (id: number) => call(company, { params: { id } }),
  myCompany: () => call(myCompany),
  saveMyCompany: (body: CompanyBody) => call(saveMyCompany, { body }),
  /** With its Idempotency-Key (api/README.md "Idempotent creates"): the same while the user retries that request. */
  sendRequest: (body: ServiceRequestBody, key: string) => call(sendRequest, { body, idempotencyKey: key }),
  uploadLogo: (file: File, onProgress?: (fraction: number) => void) =>
    uploadFile(file, 'logo', onProgress ? { onProgress } : {}),

  // Invitations and follows (shared/src/contracts/marketplace.ts). The refusals (409) are shown where the user
  // acted, so these calls are silent for the shell; `refusalOf` hands a 401/403 back to it.
  invitableTenders: () => call(invitableTenders),
  /** Whether the caller has a tender to invite to, and their own company: what the directory offers them. */
  inviter: () => call(inviterStatus),
  /** With its Idempotency-Key: the same while the user retries that invitation. */
  invite: (tenderId: number, companyId: number, key: string) =>
    call(invite, {
      params: { id: tenderId },
      body: { company: companyId },
      idempotencyKey: key,
      context: SILENT,
    }),
  follows: () => call(myFollows, { context: { background: true } }),
  follow: (body: FollowBody) => call(follow, { body, context: SILENT }),
  unfollow: (id: number) => call(unfollow, { params: { id }, context: SILENT }),
};

const SILENT = { silent: true };
