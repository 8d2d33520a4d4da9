import { type Compiler, rspack } from '@rspack/core';

export interface StartupPreloadOptions {
  /** The shared singletons the host provides and its start-up evaluates on every page (not the lazy ones). */
  packages: readonly string[];
  /** The start-up modules (src/index.ts, src/bootstrap.tsx): the chunks of their dynamic imports. */
  startModules: RegExp;
  /** A host page's top-level segment → the request of its lazy import in src/routes.tsx. */
  pages: Record<string, string>;
  /** The module that imports the pages lazily (src/routes.tsx). */
  routesModule: RegExp;
  /** The lazy singletons every remote's first page needs (written in under REMOTE_PAGE_KEY). */
  remotePagePackages: readonly string[];
  /** The modules that import the catalogs lazily (src/catalogs.ts of the host and of shared). */
  catalogModules: RegExp;
  /** A language → the requests of its catalogs in those modules (written in under `*<language>`). */
  catalogRequests: Record<string, readonly string[]>;
}

/** The key of the map under which the start-up chunks of every page are listed. */
export const START_KEY = '*start';

/** The key of the map under which the chunks every remote page needs are listed. */
export const REMOTE_PAGE_KEY = '*remote';

/** In the page's inline script: replaced by `{ segment: [chunk files] }` (see index.html). */
export const PAGE_CHUNKS_PLACEHOLDER = '__BW_PAGE_CHUNKS__';

/**
 * The host's page asks for the chunks its start-up will need itself, all at once, as soon as it has painted its
 * static shell: the chunks of the singletons start-up evaluates and of the dynamic imports of the start-up modules,
 * the catalogs of the page's language, and a host page's own lazy chunks (/about, /notifications…) or, for a
 * remote's page, the lazy singletons every remote page takes from the host (chakra-extra). The build writes the
 * map in for PAGE_CHUNKS_PLACEHOLDER; index.html's inline script adds a `<link rel="preload" as="script">` per
 * file after the first paint. Without them each chunk was asked for only when the code before it had run: a chain
 * of ≈ 10 requests one after another before a page's own chunks and data (Largest Contentful Paint of
 * every page the static shell does not paint). Not in the page's <head>: requests that start before the first
 * paint count in Lighthouse's estimate of it (a 2.3 s First Contentful Paint on /home instead of 0.7 s). What runs,
 * and in which task, stays as it was (src/bootstrap.tsx): only the downloads start earlier.
 */
export class StartupPreloadPlugin {
  private readonly options: StartupPreloadOptions;
  constructor(options: StartupPreloadOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'StartupPreloadPlugin',
        async (data) => {
          const startup = new Set<string>();
          const pages: Record<string, Set<string>> = {};
          const requests = new Map(Object.entries(this.options.pages).map(([seg, req]) => [req, seg]));
          const js = (group: { getFiles(): string[] }) => group.getFiles().filter((f) => f.endsWith('.js'));
          for (const group of compilation.chunkGroups) {
            for (const origin of group.origins) {
              const id = origin.module?.identifier() ?? '';
              // e.g. "provide shared module (default) react-dom@19.3.1 = /…/react-dom/index.js"
              const provided = /^provide shared module \([^)]*\) (\S+)@/.exec(id)?.[1];
              if (
                (provided && this.options.packages.includes(provided)) ||
                this.options.startModules.test(id)
              ) {
                for (const file of js(group)) startup.add(file);
              }
              if (provided && this.options.remotePagePackages.includes(provided)) {
                pages[REMOTE_PAGE_KEY] ??= new Set();
                for (const file of js(group)) pages[REMOTE_PAGE_KEY].add(file);
              }
              if (this.options.catalogModules.test(id)) {
                for (const [language, catalogs] of Object.entries(this.options.catalogRequests)) {
                  if (!catalogs.includes(origin.request ?? '')) continue;
                  pages[`*${language}`] ??= new Set();
                  for (const file of js(group)) pages[`*${language}`]?.add(file);
                }
              }
              const segment = this.options.routesModule.test(id)
                ? requests.get(origin.request ?? '')
                : undefined;
              if (segment) {
                pages[segment] ??= new Set();
                for (const file of js(group)) pages[segment].add(file);
              }
            }
          }
          if (startup.size === 0) throw new Error('StartupPreloadPlugin: no start-up chunks found');
          const missing = [
            ...Object.keys(this.options.pages),
            REMOTE_PAGE_KEY,
            ...Object.keys(this.options.catalogRequests).map((language) => `*${language}`),
          ].filter((key) => !pages[key]);
          if (missing.length > 0)
            throw new Error(`StartupPreloadPlugin: no chunks for ${missing.join(', ')}`);
          const pageChunks = Object.fromEntries([
            [START_KEY, [...startup].sort()],
            ...Object.entries(pages).map(([segment, files]) => [
              segment,
              [...files].filter((file) => !startup.has(file)).sort(),
            ]),
          ]);
          if (!data.html.includes(PAGE_CHUNKS_PLACEHOLDER)) {
            throw new Error(`StartupPreloadPlugin: ${PAGE_CHUNKS_PLACEHOLDER} is missing from index.html`);
          }
          // Inside a JS string literal whose quotes the minifier chooses: every double quote escaped.
          data.html = data.html.replace(
            PAGE_CHUNKS_PLACEHOLDER,
            JSON.stringify(JSON.stringify(pageChunks)).slice(1, -1),
          );
          return data;
        },
      );
    });
  }
}
