import { getData, sendData, uploadFile } from '@bawaba/shared';
import type { CompanyBody, ServiceRequestBody } from '@bawaba/shared/contracts';

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

export const api = {
  categories: () => getData('categories'),
  locations: () => getData('locations'),
  autocomplete: (q: string, signal?: AbortSignal) =>
    getData('services/autocomplete', {
      searchParams: { q, limit: 8 },
      ...(signal ? { signal } : {}),
    }),
  activeAd: () => getData('ads/active'),
  companies: (q: DirectoryQuery) =>
    getData('companies', {
      searchParams: {
        page: q.page,
        limit: DIRECTORY_PAGE_SIZE,
        services: q.services.join(','),
        name: q.name.trim(),
        location: q.location,
      },
    }),
  company: (id: number) => getData(`companies/${id}`),
  myCompany: () => getData('companies/mine'),
  saveMyCompany: (body: CompanyBody) => sendData('put', 'companies/mine', { json: body }),
  sendRequest: (body: ServiceRequestBody) => sendData('post', 'requests', { json: body }),
  uploadLogo: (file: File, onProgress?: (fraction: number) => void) =>
    uploadFile(file, 'logo', onProgress ? { onProgress } : {}),
};
