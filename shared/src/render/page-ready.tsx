import { useEffect } from 'react';
import { PAGE_READY } from './marks.ts';

/**
 * Marks the page as answering to input: placed inside the Suspense boundary of each lazily loaded page (after the
 * page), its effect runs once that boundary is on screen — hydrated, when the server rendered it, which React does
 * only after the page's code has arrived. `html[data-bw-page-ready]` is what tests and the benchmarks wait for before
 * using a page the server rendered (its buttons show before they work).
 */
export function PageReady() {
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute(PAGE_READY, '');
    return () => root.removeAttribute(PAGE_READY);
  }, []);
  return null;
}
