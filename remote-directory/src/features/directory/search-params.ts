import type { DirectoryQuery } from '../../api.ts';

/** The directory's filters as the form edits them (the search that runs is the URL's). */
export interface Filters {
  services: number[];
  name: string;
  location: string;
  reputation: string;
  sort: '' | 'rating';
}

export const EMPTY_FILTERS: Filters = { services: [], name: '', location: '', reputation: '', sort: '' };
const OWN_PARAMS = ['inputValue', 'location', 'services', 'page', 'reputation', 'sort'];

/** The reputation filter's choices: contracts delivered on Bawaba, or a minimum mean rating. */
const REPUTATION_FILTERS = ['delivered', '4'];

/**
 * The search the URL describes: `inputValue`, `location` (docs/product-spec.md §2) plus `services`, `reputation`,
 * `sort` and `page`.
 */
export function queryFromParams(params: URLSearchParams): DirectoryQuery {
  const location = params.get('location') ?? '';
  const reputation = params.get('reputation') ?? '';
  return {
    services: (params.get('services') ?? '')
      .split(',')
      .filter((s) => /^\d+$/.test(s))
      .map(Number),
    name: params.get('inputValue') ?? '',
    location: /^\d+$/.test(location) ? location : '',
    reputation: REPUTATION_FILTERS.includes(reputation) ? reputation : '',
    sort: params.get('sort') === 'rating' ? 'rating' : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The URL of a search (other query parameters, e.g. a staging override, are kept). */
export function paramsOf(query: DirectoryQuery, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of OWN_PARAMS) next.delete(key);
  if (query.name.trim()) next.set('inputValue', query.name.trim());
  if (query.location) next.set('location', query.location);
  if (query.services.length) next.set('services', [...query.services].sort((a, b) => a - b).join(','));
  if (query.reputation) next.set('reputation', query.reputation);
  if (query.sort) next.set('sort', query.sort);
  if (query.page > 1) next.set('page', String(query.page));
  return next;
}

export const filtersOf = ({ services, name, location, reputation, sort }: DirectoryQuery): Filters => ({
  services,
  name,
  location,
  reputation,
  sort,
});
