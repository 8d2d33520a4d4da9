/**
 * Pages rendered on the server (the host's render server: host/src/server/, built into dist/server/render.cjs):
 * serve.ts asks here for the page of a GET, and gets the built index.html with the page's markup in #root, the
 * language and direction on <html>, and beside the markup what hydration starts from (the answers the page used,
 * the user and the remotes in the markup: host/src/hydration.ts). Null — the page as it is built, rendered by the browser — when the
 * build has no server entry, the render fails or takes too long (docs/decisions/0019-server-rendering.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseCookie } from 'cookie';
import { LANGUAGE_COOKIE } from '../../shared/src/store/language-cookie.ts';

/** How long the remote's section may take to render before the page is rendered without it (the browser renders it). */
export const RENDER_TIMEOUT_MS = Number(process.env.RENDER_TIMEOUT_MS ?? 1500);

interface RenderModule {
  render(request: {
    url: string;
    language: 'en' | 'ar';
    apiOrigin: string;
    cookie?: string;
    clientIp: string;
    remotes: Record<string, string>;
    hostStamp: unknown;
    timeoutMs: number;
  }): Promise<ServerRender | { rendered: false; reason: string }>;
}

/**
 * A page the host's render server rendered. Beside the markup, its rules and what it left to the browser, every field
 * is the hand-over (the answers, the user, the remotes in the markup…): read by the browser code of the same host
 * release (host/src/hydration.ts), so it is passed on as it is — whichever host release rendered the page.
 */
type ServerRender = { rendered: true } & RenderParts;

interface RenderParts {
  html: string;
  /** The page's Emotion rules as <style> elements for the head (absent: a host release that wrote them into the
   * markup). */
  styles?: string;
  user: unknown;
  /** The remotes left to the browser, with why. */
  leftOut?: Record<string, string>;
  /** The same, from host releases that rendered one remote's section. */
  remoteLeftOut?: string;
  [handOver: string]: unknown;
}

export interface PageRenderer {
  /** `page` (the built index.html) with the server's render of the request in it, or null to send it as it is. */
  render(page: string, request: PageRequest): Promise<RenderedPage | null>;
}

export interface PageRequest {
  /** The page's path and query. */
  url: string;
  /** Its Cookie header: the language, and the navigation cookie the API reads the page's data with. */
  cookie: string | undefined;
  /** The browser's address, passed to the API as X-Forwarded-For (its rate limits count per client). */
  clientIp: string;
}

export interface RenderedPage {
  html: string;
  /** Rendered for a signed-in person: never kept by a shared cache. */
  personal: boolean;
}

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** JSON inside a <script> element: nothing in it may close the element or end a line for the parser. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * React writes a `style` prop as a `style` attribute in server markup, which the page's Content-Security-Policy
 * refuses (no `'unsafe-inline'` styles: docs/security.md). The markup carries them as `data-bw-style` instead, and this
 * script (nonce'd like every other, right after the markup) sets each through the CSSOM, which the policy allows,
 * before the first paint and before React hydrates the elements.
 */
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
const APPLY_STYLES =
  "<script>for(const e of document.querySelectorAll('#root [data-bw-style]')){e.style.cssText=e.dataset.bwStyle;delete e.dataset.bwStyle}</script>";

/** The server's markup and its hand-over in the page, and the page's language on <html>. */
export function withRender(page: string, rendered: RenderParts, language: 'en' | 'ar'): string {
  if (!ROOT.test(page)) throw new Error('the page has no <div id="root"> closing before </body>');
  const markup = rendered.html.replace(STYLE_ATTRIBUTE, ' data-bw-style="$1"');
  const styleAttributes = markup !== rendered.html;
  const {
    html: _markup,
    styles: _styles,
    leftOut: _leftOut,
    remoteLeftOut: _remoteLeftOut,
    ...handOver
  } = rendered;
  return (
    page
      // What the page's inline script compares with the browser's own language and session (host/index.html).
      .replace(
        /<html\b[^>]*>/,
        `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-bw-rendered="${language}" data-bw-rendered-for="${rendered.user === null ? 'anon' : 'user'}">`,
      )
      // The page's rules before its markup: parsed once, before the body (the browser's Emotion cache takes them over).
      .replace('</head>', () => `${rendered.styles ?? ''}</head>`)
      .replace(
        ROOT,
        (_all, end: string) =>
          `<div id="root">${markup}</div>${styleAttributes ? APPLY_STYLES : ''}<script type="application/json" id="bw-render">${scriptJson({ language, ...handOver })}</script>${end}`,
      )
  );
}

/** The renderer of the host build in `dir`, or null when that build has no server entry. */
export function pageRenderer(options: {
  dir: string;
  apiUrl: string;
  remotes: Record<string, string>;
  log?: (message: string) => void;
}): PageRenderer | null {
  const entry = path.join(options.dir, 'server', 'render.cjs');
  if (!existsSync(entry) || process.env.SERVER_RENDER === '0') return null;
  const module = createRequire(import.meta.url)(entry) as RenderModule;
  const hostStamp = JSON.parse(readFileSync(path.join(options.dir, 'release.json'), 'utf8')) as unknown;
  const apiOrigin = options.apiUrl.replace(/\/+$/, '');
  /** The last reason said for each remote left to the browser (until it renders on the server again). */
  const saidLeftOut = new Map<string, string>();
  return {
    async render(page, { url, cookie: cookieHeader, clientIp }) {
      const cookies = parseCookie(cookieHeader ?? '');
      const language = cookies[LANGUAGE_COOKIE] === 'ar' ? 'ar' : 'en';
      const result = await module.render({
        url,
        language,
        apiOrigin,
        cookie: cookieHeader,
        clientIp,
        remotes: options.remotes,
        hostStamp,
        timeoutMs: RENDER_TIMEOUT_MS,
      });
      if (!result.rendered) {
        options.log?.(`server render of ${url} failed, the browser renders it: ${result.reason}`);
        return null;
      }
      const leftOut = result.leftOut ?? (result.remoteLeftOut ? { section: result.remoteLeftOut } : {});
      // Said when it changes, not on every page: a release without a server entry is left out of each render.
      for (const [remote, reason] of Object.entries(leftOut)) {
        if (saidLeftOut.get(remote) === reason) continue;
        saidLeftOut.set(remote, reason);
        options.log?.(`server render of ${url}: the ${remote} remote is left to the browser: ${reason}`);
      }
      for (const remote of Object.keys((result.remotes as Record<string, string> | undefined) ?? {})) {
        if (!saidLeftOut.delete(remote)) continue;
        options.log?.(`server render of ${url}: the ${remote} remote renders on the server again`);
      }
      const { rendered: _rendered, ...render } = result;
      return { html: withRender(page, render, language), personal: result.user !== null };
    },
  };
}
