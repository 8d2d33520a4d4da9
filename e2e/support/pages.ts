import type { Page } from '@playwright/test';
import { HOST_PAGES } from '../../host/src/page-table.ts';
import { ACCOUNT_PAGES } from '../../remote-account/src/page-table.ts';
import { DIRECTORY_PAGES } from '../../remote-directory/src/page-table.ts';
import { TENDER_PAGES } from '../../remote-tenders/src/page-table.ts';
import type { RemoteName } from '../../shared/src/federation/apps.ts';
import {
  type PageEntry,
  type PageRecord,
  type PageTable,
  pagePattern,
} from '../../shared/src/pages/index.ts';
import { frameOf } from './xss.ts';

/**
 * Every page of the site, read from the apps' page tables (each app's src/page-table.ts): a page added to a table
 * is visited by the accessibility sweep (tests/a11y.spec.ts) with nothing to change here.
 */
const REMOTE_PAGE_TABLES: Record<RemoteName, PageTable> = {
  directory: DIRECTORY_PAGES,
  tenders: TENDER_PAGES,
  account: ACCOUNT_PAGES,
};

const SITE_PAGE_TABLES: PageTable[] = [HOST_PAGES, ...Object.values(REMOTE_PAGE_TABLES)];

/** Who the sweep signs in as: nobody, the demo accounts, or a fresh user who bids (own proposal, fee unpaid). */
export type SweepRole = 'anon' | 'bidder' | 'owner' | 'admin' | 'fresh';

/** The real records a page's `:id` is filled with (made or found by the spec). */
export type SweepIds = Record<PageRecord, number>;

export interface Visit {
  /** The page's URL pattern, as in its table. */
  pattern: string;
  path: (ids: SweepIds) => string;
  /** The test id that says the page has its content. */
  ready: string;
  roles: SweepRole[];
}

/** The roles that may open a page of this access (the demo accounts stand for each audience). */
const ROLES_BY_ACCESS: Record<PageEntry['access'], SweepRole[]> = {
  public: ['anon', 'bidder'],
  'signed-in': ['bidder', 'owner', 'admin'],
  'not-admin': ['bidder', 'owner'],
  admin: ['admin'],
};

/** A record only one user has: the page is checked as that user. */
const ROLE_BY_RECORD: Partial<Record<PageRecord, SweepRole>> = {
  'own-company': 'owner',
  'tender-with-fee': 'fresh',
  'own-proposal': 'fresh',
};

/** The visits of a page: one per query string it is checked with (or one without), for every role that may open it. */
function visitsOf(page: PageEntry): Visit[] {
  const pattern = pagePattern(page);
  const onlyRole = page.record ? ROLE_BY_RECORD[page.record] : undefined;
  const roles = onlyRole ? [onlyRole] : ROLES_BY_ACCESS[page.access];
  const record = page.record;
  const path = (ids: SweepIds) => (record ? pattern.replace(':id', String(ids[record])) : pattern);
  return (page.queries?.length ? page.queries : ['']).map((query) => ({
    pattern,
    path: (ids) => (query ? `${path(ids)}?${query}` : path(ids)),
    ready: page.ready,
    roles,
  }));
}

/** The sweep's visits: every page of the tables, in the tables' order. */
export function siteVisits(tables: PageTable[] = SITE_PAGE_TABLES): Visit[] {
  return tables.flatMap((table) => Object.values(table).flatMap(visitsOf));
}

/** Every URL pattern the tables declare. */
export function sitePatterns(tables: PageTable[] = SITE_PAGE_TABLES): string[] {
  return [...new Set(tables.flatMap((table) => Object.values(table).map(pagePattern)))].sort();
}

/** A first page of the site, with what shows that it has rendered (a host page's test id, a remote's frame). */
export interface FirstPage {
  path: string;
  ready: (page: Page) => ReturnType<Page['locator']>;
}
export const hostPage = (path: string, id: string): FirstPage => ({
  path,
  ready: (page) => page.getByTestId(`host-page-${id}`),
});
export const remotePage = (path: string, remote: string): FirstPage => ({
  path,
  ready: (page) => frameOf(page, remote),
});
