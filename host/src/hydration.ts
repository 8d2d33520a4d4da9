import type { HandedOverAnswer, Language, RemoteName, SessionUser } from '@bawaba/shared';
import { FRAGMENT_READY, LAZY_PART_READY, NOT_HYDRATED_PARTS, PAGE_READY } from '@bawaba/shared/render';

/** What the render server wrote into the page beside its markup (scripts/site/render-pages.ts). */
export interface ServerRendered {
  language: Language;
  /** The user the page was rendered for (null: signed out). */
  user: SessionUser | null;
  /**
   * The remotes in the markup — the route's section and every fragment in its slots (none: a host page, or each was
   * left to the browser) — with each one's manifest in the remote map the server rendered with.
   */
  remotes: Partial<Record<RemoteName, string>>;
  /** The API answers the page used, by useLoad key. */
  answers: Record<string, HandedOverAnswer>;
}

const SERVER_RENDER_ELEMENT_ID = 'bw-render';

/** The server's render of this page, if it rendered one (null: today's client render). */
export function readServerRendered(doc: Document = document): ServerRendered | null {
  const element = doc.getElementById(SERVER_RENDER_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRendered;
  } catch {
    return null;
  }
}

/**
 * Whether the browser's first render can be the server's: the same language and the same person (the server knows
 * the person from the navigation cookie, the browser from its token), numbers and dates shown the default way (the
 * reader's other choices are kept in the browser only), and the same release of each remote in the markup (a staging
 * override of the tab loads another). Otherwise the browser renders the page itself over the server's markup, as when
 * nothing was rendered.
 */
export function canHydrate(
  rendered: ServerRendered | null,
  session: { language: Language; token: string | null; user: SessionUser | null },
  defaultDisplay: boolean,
  remotes: Partial<Record<RemoteName, string>>,
): rendered is ServerRendered {
  if (!rendered || !defaultDisplay || rendered.language !== session.language) return false;
  for (const [remote, manifest] of Object.entries(rendered.remotes))
    if (remotes[remote as RemoteName] !== manifest) return false;
  const browserUser = session.token ? (session.user?.id ?? null) : null;
  return (rendered.user?.id ?? null) === browserUser;
}

/**
 * The page, every fragment in its slots and every lazily loaded part the server rendered are hydrated: a fragment or
 * a part hydrates on its own, once its code has arrived, after the page around it.
 */
const hydrated = (root: Element) => root.hasAttribute(PAGE_READY) && !root.querySelector(NOT_HYDRATED_PARTS);

/**
 * Calls `done` once, when the server's page has hydrated — the page marks itself ready, and so does each fragment in
 * its slots and each lazily loaded part in it — or after `limitMs` at the latest (a page that never marks itself ready, such as an error page).
 */
export function whenPageHydrated(done: () => void, limitMs = 10_000, root = document.documentElement): void {
  let called = false;
  const observer = new MutationObserver(() => {
    if (hydrated(root)) finish();
  });
  const timer = setTimeout(finish, limitMs);
  function finish() {
    if (called) return;
    called = true;
    observer.disconnect();
    clearTimeout(timer);
    done();
  }
  observer.observe(root, {
    attributes: true,
    subtree: true,
    attributeFilter: [PAGE_READY, FRAGMENT_READY, LAZY_PART_READY],
  });
  if (hydrated(root)) finish();
}
