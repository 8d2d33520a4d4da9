/**
 * The shape of an app's page table (import from '@bawaba/shared/pages', a bundled entry: a remote may use a new
 * name here without waiting for a host release). Each app — the host and every remote — declares its pages once,
 * as plain data in its `src/page-table.ts`: its routes, the account menu and the e2e accessibility sweep read that
 * table. The table holds no React and no Lingui, so Node (the e2e sweep) imports it as it is; a menu entry's label
 * is a key into the app's label table, which the type-checker keeps complete.
 */

/**
 * Who may open a page, with the API's access names: anyone, any signed-in user, a signed-in user who is not an
 * admin, an admin. The host opens the login modal on a page that needs an account; an account page a role may not
 * open sends the user to that role's landing page; any other page tells that role what it cannot do there.
 */
export type PageAccess = 'public' | 'signed-in' | 'not-admin' | 'admin';

/** The record a page's `:id` names, so the e2e sweep opens a real one (e2e/support/pages.ts fills it in). */
export type PageRecord = 'company' | 'own-company' | 'open-tender' | 'tender-with-fee' | 'own-proposal';

export interface PageEntry {
  /** The top-level URL segment (the host routes it to the app that owns it: shared/src/federation/apps.ts). */
  segment: string;
  /** The path below the segment: '' for the segment's own page, ':id' for one record, or a sub-path. */
  path: string;
  access: PageAccess;
  /** The test id the page shows once its content is there (what the e2e sweep waits for). */
  ready: string;
  /** What `:id` is, when the path has one. */
  record?: PageRecord;
  /** The query strings the page is checked with, each a visit of its own (default: none). */
  queries?: readonly string[];
  /** The page's entry in its area's menu (the account menu), in `order`. */
  menu?: { order: number };
  /**
   * The page's content is another remote's fragment (its exposed module's `fragments[name]`): the app routes the
   * page as a slot, and the host mounts the fragment there (docs/decisions/0009-tender-workspace-in-remote-tenders.md).
   */
  fragment?: PageFragment;
}

/** A fragment of a remote: the remote's name and the key of its exposed `fragments`. */
export interface PageFragment {
  remote: string;
  name: string;
}

/** What a slot's route carries in its `handle`, for the host to find and fill (shared/src/federation/contract.ts). */
export interface FragmentHandle {
  fragment: PageFragment;
}

/** An app's pages by name (the names key the app's components and menu labels). */
export type PageTable = Readonly<Record<string, PageEntry>>;

/** The names of a table's pages that have a menu entry. */
export type MenuPageName<T extends PageTable> = {
  [K in keyof T]: T[K] extends { menu: { order: number } } ? K : never;
}[keyof T];

/** The page's URL pattern: `/segment` or `/segment/path`. */
export function pagePattern(page: Pick<PageEntry, 'segment' | 'path'>): string {
  return page.path ? `/${page.segment}/${page.path}` : `/${page.segment}`;
}

/** Whether a user (null: signed out) may open a page with this access. */
export function mayOpen(access: PageAccess, user: { isAdmin?: boolean } | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'signed-in') return true;
  return (access === 'admin') === Boolean(user.isAdmin);
}

/** A route below a segment, as react-router takes it: the segment's own page is its index. */
export type SegmentRoute<E> = { index: true; element: E } | { path: string; element: E };

/**
 * The table's routes per segment, in the table's order, each page's element made by `element` (a remote's exposed
 * `segments` is this, framed).
 */
export function segmentRoutes<T extends PageTable, E>(
  table: T,
  element: (name: keyof T & string, page: PageEntry) => E,
): Record<string, SegmentRoute<E>[]> {
  const out: Record<string, SegmentRoute<E>[]> = {};
  for (const [name, page] of Object.entries(table)) {
    const made = element(name, page);
    out[page.segment] ??= [];
    out[page.segment]!.push(page.path ? { path: page.path, element: made } : { index: true, element: made });
  }
  return out;
}

/** The pages with a menu entry, in menu order, that this user may open. */
export function menuPages<T extends PageTable>(
  table: T,
  user: { isAdmin?: boolean } | null,
): { name: MenuPageName<T>; page: PageEntry }[] {
  return Object.entries(table)
    .filter(([, page]) => page.menu && mayOpen(page.access, user))
    .sort(([, a], [, b]) => a.menu!.order - b.menu!.order)
    .map(([name, page]) => ({ name: name as MenuPageName<T>, page }));
}

/**
 * What is wrong between a remote's page table and what the host knows of the remote before loading it
 * (shared/src/federation/apps.ts): the segments it owns, and which of them need a signed-in user. Empty when they
 * agree: every owned segment has pages and every page is in an owned segment; a segment is signed-in-only exactly
 * when none of its pages is public (the host guards the whole segment, so a public page there would ask a visitor
 * to sign in, and a page for signed-in users in an open segment would render signed out).
 */
export function segmentProblems(
  table: PageTable,
  owned: readonly string[],
  signedInOnly: readonly string[],
): string[] {
  const problems: string[] = [];
  const pages = Object.entries(table);
  for (const segment of owned)
    if (!pages.some(([, page]) => page.segment === segment)) problems.push(`${segment}: no page`);
  for (const [name, page] of pages) {
    if (!owned.includes(page.segment)) problems.push(`${name}: segment ${page.segment} is not the app's`);
    else if (signedInOnly.includes(page.segment) === (page.access === 'public'))
      problems.push(
        `${name}: ${page.access} page in a ${signedInOnly.includes(page.segment) ? 'signed-in' : 'public'} segment`,
      );
  }
  return problems;
}
