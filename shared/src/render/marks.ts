/**
 * The marks a page the server rendered gets while the browser hydrates it (docs/decisions/0019-server-rendering.md). Its
 * buttons show before they work; the host's hydration window, the e2e page wait and the interaction benchmark wait
 * for these marks before they treat the page as answering to input. No React here: tests and scripts read it too.
 */

/** On `<html>` at React's first commit in the browser (host/src/App.tsx). */
export const SHELL_READY = 'data-bw-ready';
/** On `<html>` once the page's own lazily loaded part is on screen (`PageReady`). */
export const PAGE_READY = 'data-bw-page-ready';
/** A slot filled by another remote's fragment (host/src/federation/RemoteFragment.tsx)… */
export const FRAGMENT = 'data-fragment';
/** …and what it gets once the fragment is on screen. */
export const FRAGMENT_READY = 'data-fragment-ready';
/** The hidden mark of a lazily loaded part inside a page (`LazyPart`)… */
export const LAZY_PART = 'data-lazy-part';
/** …and what it gets once the part is on screen. */
export const LAZY_PART_READY = 'data-lazy-part-ready';

/** Any part of the site's page (`#root`) the server rendered that is not hydrated yet: a fragment or a lazy part. */
export const NOT_HYDRATED_PARTS = `#root [${FRAGMENT}]:not([${FRAGMENT_READY}]), #root [${LAZY_PART}]:not([${LAZY_PART_READY}])`;
