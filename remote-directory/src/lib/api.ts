import { http, uploadFile } from '@bawaba/shared';
import type {
  Ad,
  Category,
  Company,
  CompanyBody,
  Location,
  PagedOf,
  Service,
  ServiceRequestBody,
} from '@bawaba/shared/contracts';

/** Directory page size (docs/product-spec.md §9). */
export const DIRECTORY_PAGE_SIZE = 5;

export interface DirectoryQuery {
  services: number[];
  /** Keyword: the API matches it against service names (and company names for signed-in callers). */
  name: string;
  /** Location id, or '' for anywhere. */
  location: string;
  page: number;
}

type Envelope<T> = { data: T };
const data = async <T>(promise: Promise<Envelope<T>>): Promise<T> => (await promise).data;

export const api = {
  categories: () => data(http.get('categories').json<Envelope<Category[]>>()),
  locations: () => data(http.get('locations').json<Envelope<Location[]>>()),
  autocomplete: (q: string, signal?: AbortSignal) =>
    data(
      http
        .get('services/autocomplete', { searchParams: { q, limit: 8 }, ...(signal ? { signal } : {}) })
        .json<Envelope<Service[]>>(),
    ),
  activeAd: () => data(http.get('ads/active').json<Envelope<Ad | null>>()),
  companies: (q: DirectoryQuery) => {
    const searchParams = new URLSearchParams({ page: String(q.page), limit: String(DIRECTORY_PAGE_SIZE) });
    if (q.services.length) searchParams.set('services', q.services.join(','));
    if (q.name.trim()) searchParams.set('name', q.name.trim());
    if (q.location) searchParams.set('location', q.location);
    return data(http.get('companies', { searchParams }).json<Envelope<PagedOf<Company>>>());
  },
  company: (id: number) => data(http.get(`companies/${id}`).json<Envelope<Company>>()),
  myCompany: () => data(http.get('companies/mine').json<Envelope<Company | null>>()),
  saveMyCompany: (body: CompanyBody) =>
    data(http.put('companies/mine', { json: body }).json<Envelope<Company>>()),
  sendRequest: (body: ServiceRequestBody) => http.post('requests', { json: body, credentials: 'include' }),
  uploadLogo: (file: File, onProgress?: (fraction: number) => void) =>
    uploadFile(file, 'logo', onProgress ? { onProgress } : {}),
};
