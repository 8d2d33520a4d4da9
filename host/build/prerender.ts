/**
 * The host pages that paint from HTML before any JavaScript (Largest Contentful Paint of /about,
 * /terms, /open-data and /contact-us), prerendered from their React components after the host's production build
 * (scripts/site/build.ts):
 *   node host/build/prerender.ts
 * compiles ./prerender-entry.tsx for Node with the host's own loader rules (swc + the Lingui macro plugin,
 * shared/build/federation.ts), renders each page in English and Arabic with the real providers and catalogs, and
 * writes dist/<segment>.html: the built index.html with the page (or its top, PRERENDERED) inside the static
 * shell (#bw-static, before its loading indicator) and the page's Emotion CSS in one <style> of the head.
 * scripts/site/serve.ts serves that file for /<segment> (with the response's nonce on the <style>, like every other);
 * React's first render replaces it (createRoot clears #root) with the same markup and the same CSS, so nothing
 * moves (e2e/tests/shell.spec.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppConfig } from '@bawaba/shared/build';
import { type Configuration, rspack } from '@rspack/core';

/**
 * The pages prerendered, by top-level segment: `whole`, the page itself (the static shell's loading indicator
 * hidden), or `top`, the component at the top of the page only (./prerender-entry.tsx), above the loading
 * indicator, which React's render replaces with the rest. /contact-us is `top`: its heading and intro are its
 * largest text and static, the rest is not (the office's address, phone and hours arrive from the API after the
 * first render, its form from the lazy forms module).
 */
export const PRERENDERED = {
  about: 'whole',
  terms: 'whole',
  'contact-us': 'top',
  'open-data': 'whole',
} as const satisfies Record<string, 'whole' | 'top'>;
export const PRERENDERED_SEGMENTS = Object.keys(PRERENDERED) as (keyof typeof PRERENDERED)[];

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** One page's two renders, markup and CSS taken apart (extractEmotionStyles). */
export interface PrerenderedPage {
  segment: string;
  /** The whole page (the loading indicator hidden on its route), or its top only (the indicator below it). */
  part: 'whole' | 'top';
  css: string;
  markup: Record<Language, string>;
}

/**
 * Emotion's server rendering writes each rule where it is first used: `<style data-emotion="css <name>">rules</style>`
 * before the element (once per cache: a rule already written for an earlier render is not written again). They
 * are taken out of the markup and returned in order, by name; Chakra's runtime globals (`data-emotion="css-global
 * …"`: the layer order, the reset, the tokens) are dropped, since the built page already carries them
 * (shared/build/chakra-css.ts). The markup keeps no `data-testid` (tests find React's page, never this copy), and
 * may carry no `style` attribute (the CSP refuses them in markup).
 */
export function extractEmotionStyles(html: string): { markup: string; rules: [string, string][] } {
  const rules: [string, string][] = [];
  const markup = html
    .replace(
      /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g,
      (_all, names: string, css: string) => {
        const [key, ...ids] = names.split(' ');
        if (key === 'css') rules.push([ids.join(' '), css]);
        return '';
      },
    )
    .replace(/ data-testid="[^"]*"/g, '');
  if (/<style\b/i.test(markup)) throw new Error('prerender: a <style> element Emotion did not write');
  if (/\sstyle=/i.test(markup)) throw new Error('prerender: a style attribute (refused by the CSP)');
  if (/<script\b/i.test(markup)) throw new Error('prerender: a <script> element');
  return { markup, rules };
}

/** The rules (in the order Emotion wrote them) of the `css-<name>` classes the markups use. */
export function cssOf(markups: string[], rules: [string, string][]): string {
  const used = new Set(markups.flatMap((m) => [...m.matchAll(/\bcss-([a-z0-9]+)\b/g)].map((c) => c[1])));
  const css = rules
    .filter(([names]) => names.split(' ').some((name) => used.has(name)))
    .map(([, text]) => text)
    .join('');
  if (css.includes('</')) throw new Error('prerender: the CSS must not close its <style> element');
  return css;
}

/**
 * The built page with one prerendered page in it: both languages (the static shell's `.bw-en`/`.bw-ar` switch,
 * by the `lang` the page's inline script sets before the first paint) before the loading indicator, shown only on
 * its own route (`data-bw-page`, also set by that script: the service worker's offline copy of the page may be
 * this file for any route). A whole page hides the indicator there; a page's top keeps it below.
 */
export function prerenderedPage(indexHtml: string, page: PrerenderedPage): string {
  const cls = `bw-pre-${page.segment}`;
  const loading = /<div class="?bw-loading"?>/;
  if (!loading.test(indexHtml)) throw new Error('prerender: the static shell has no loading indicator');
  if (!indexHtml.includes('</head>')) throw new Error('prerender: the page has no </head>');
  let gate = `html:not([data-bw-page='${page.segment}']) .${cls}{display:none}`;
  if (page.part === 'whole') gate += `html[data-bw-page='${page.segment}'] .${cls}~.bw-loading{display:none}`;
  const body =
    `<div class="${cls}"><div class="bw-en" lang="en" dir="ltr">${page.markup.en}</div>` +
    `<div class="bw-ar" lang="ar" dir="rtl">${page.markup.ar}</div></div>`;
  return indexHtml
    .replace('</head>', () => `<style id="bw-prerender-css">${page.css}${gate}</style></head>`)
    .replace(loading, (div) => `${body}${div}`);
}

interface Entry {
  render(segment: string, language: Language): string;
  segments: string[];
}

/** ./prerender-entry.tsx compiled for Node (CommonJS) into `outDir`; returns the file. */
export async function compileEntry(hostDir: string, outDir: string): Promise<string> {
  const base = createAppConfig({ appDir: hostDir, app: 'host', env: { production: true } });
  const config: Configuration = {
    mode: 'production',
    context: hostDir,
    target: 'node',
    entry: { prerender: './build/prerender-entry.tsx' },
    output: {
      path: outDir,
      filename: '[name].cjs',
      chunkFilename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // Node's builds of the packages (Emotion's server build writes the <style> elements extracted above).
    resolve: { ...base.resolve, conditionNames: ['node', 'import', 'module', 'default'] },
    module: base.module,
    // Only the constants the code reads (process.env.NODE_ENV, __BAWABA_APP__…): no page, no federation.
    plugins: (base.plugins ?? []).filter((plugin) => plugin instanceof rspack.DefinePlugin),
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
  };
  // swc looks for its plugins (@lingui/swc-plugin) in the node_modules of the working directory.
  const cwd = process.cwd();
  process.chdir(hostDir);
  const stats = await new Promise<{ hasErrors(): boolean; toString(o: unknown): string }>((resolve, reject) =>
    rspack(config).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  ).finally(() => process.chdir(cwd));
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  return path.join(outDir, 'prerender.cjs');
}

/** Writes dist/<segment>.html for every PRERENDERED_SEGMENTS page; returns their paths. */
export async function prerender(hostDir: string): Promise<string[]> {
  const dist = path.join(hostDir, 'dist');
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const outDir = path.join(hostDir, 'node_modules', '.cache', 'bawaba-prerender');
  mkdirSync(outDir, { recursive: true });
  const entry = (await import(pathToFileURL(await compileEntry(hostDir, outDir)).href)) as {
    default: Entry;
  };
  const { render, segments } = entry.default;
  // The two lists name the same pages: this file's (what to write and how) and the entry's (which component).
  if ([...segments].sort().join() !== [...PRERENDERED_SEGMENTS].sort().join())
    throw new Error(
      `prerender: PRERENDERED (${PRERENDERED_SEGMENTS}) and the entry's pages (${segments}) differ`,
    );
  // Every render first (Emotion's cache writes a rule once, for the first page that uses it), then each page's CSS.
  const rules: [string, string][] = [];
  const rendered = PRERENDERED_SEGMENTS.map((segment) => {
    const markup = {} as Record<Language, string>;
    for (const language of LANGUAGES) {
      const extracted = extractEmotionStyles(render(segment, language));
      rules.push(...extracted.rules);
      markup[language] = extracted.markup;
    }
    return { segment, markup };
  });
  const written: string[] = [];
  for (const { segment, markup } of rendered) {
    const css = cssOf([markup.en, markup.ar], rules);
    const file = path.join(dist, `${segment}.html`);
    writeFileSync(file, prerenderedPage(indexHtml, { segment, part: PRERENDERED[segment], css, markup }));
    written.push(file);
  }
  rmSync(outDir, { recursive: true, force: true });
  return written;
}

if (import.meta.main) {
  const files = await prerender(path.join(import.meta.dirname, '..'));
  for (const file of files) console.log(`  prerendered ${path.relative(process.cwd(), file)}`);
}
