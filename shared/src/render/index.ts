/**
 * A bundled entry (not a federation singleton): each app carries its own copy, so a remote may use a new name here
 * without waiting for a host release (docs/releases.md).
 */
export { LazyPart } from './lazy-part.tsx';
export * from './marks.ts';
export { PageReady } from './page-ready.tsx';
