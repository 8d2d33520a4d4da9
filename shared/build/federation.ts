/**
 * The ONE rspack + Module Federation config helper used by all four builds (host and three remotes).
 * Each app's rspack.config.ts is a call to `createAppConfig`. Keeping names, the shared list, the
 * manifest and the loaders here means a remote team cannot drift from the host's singletons.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import {
  HOST_APP,
  REMOTE_APPS,
  REMOTE_ROUTES_EXPOSE,
  type RemoteName,
  segmentOwners,
} from '../src/federation/apps.ts';
import { ChakraGlobalCssPlugin } from './chakra-css.ts';
import { ReleaseStampPlugin, releaseId, releaseInfo } from './release.ts';

/**
 * Libraries that must be ONE instance on the page. Keys ending in '/' also share sub-paths
 * (react-dom/client, react/jsx-runtime). Shared whole, never tree-shaken: a tree-shaken Chakra made the
 * remote load its own copy and lose the provider (its React context was a different object).
 * @chakra-ui/react and react-router (and ky, used only inside shared/) are deliberately NOT here: they are
 * bundled inside the @bawaba/shared singleton, tree-shaken to what shared/src/ui/chakra.ts and
 * shared/src/ui/router.ts re-export, and nothing outside shared/ imports them (biome rule): still one
 * instance each on the page, at a fraction of the size.
 */
export const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'zustand',
  '@emotion/react',
  '@lingui/core',
  '@lingui/react',
  '@bawaba/shared',
  // The lazy part of the shared singleton (the Chakra components only remotes use): provided by the host
  // (built with its @bawaba/shared, hence with the same Chakra), fetched when a remote page first needs it.
  '@bawaba/shared/chakra-extra',
  // The overlays (Dialog, Drawer, Popover): lazy too, and apart from chakra-extra, which remotes' first pages load.
  '@bawaba/shared/chakra-overlays',
  // The form kit (field, errors; shared/src/forms): lazy like chakra-extra, and one copy, built with the
  // singleton's Chakra and i18n (`loadFormKit` in shared/src/forms/load.ts puts it in the host's build).
  '@bawaba/shared/forms',
  // The Chakra part of the singleton on its own (the same modules, ./src/ui/chakra.ts, that `@bawaba/shared`
  // re-exports): the host evaluates it a task before the rest of `@bawaba/shared` (long tasks).
  '@bawaba/shared/chakra',
] as const;

/** The package a key belongs to: 'react/' → react, '@bawaba/shared/chakra-extra' → @bawaba/shared. */
function packageNameOf(key: string): string {
  const parts = key.split('/').filter(Boolean);
  return parts.slice(0, key.startsWith('@') ? 2 : 1).join('/');
}

/**
 * The version actually installed for this app (read from its node_modules link), so requiredVersion is
 * never a `catalog:` or `workspace:` specifier copied from a manifest.
 */
export function installedVersion(appDir: string, pkg: string): string {
  const manifest = path.join(appDir, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The installed version of every singleton package (the versions a build was made with). */
export function singletonVersions(appDir: string): Record<string, string> {
  const packages = [...new Set(SINGLETONS.map(packageNameOf))];
  return Object.fromEntries(packages.map((pkg) => [pkg, installedVersion(appDir, pkg)]));
}

/**
 * The share config of one app. The HOST's copy of `@bawaba/shared` (and its lazy entries) must be the one every
 * remote gets: it is built with the page's one Chakra and system. Module Federation picks the highest version
 * among the copies registered when a shared module is first loaded, so a remote built with a newer
 * `@bawaba/shared` would otherwise win for an entry the host has not loaded yet (chakra-extra, forms) and bring
 * its own Chakra with it. Remotes therefore offer their copy as version 0.0.0 — a fallback for their standalone
 * harness only — and do not ask for a version: what a remote needs from the host's copy is checked by name before
 * it renders (the compatibility contract, docs/releases.md).
 */
export function sharedConfig(appDir: string, isHost = true) {
  return Object.fromEntries(
    SINGLETONS.map((key) => {
      const version = installedVersion(appDir, packageNameOf(key));
      if (packageNameOf(key) === '@bawaba/shared' && !isHost)
        return [key, { singleton: true, requiredVersion: false, version: '0.0.0', strictVersion: false }];
      return [key, { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false }];
    }),
  );
}

export interface AppConfigOptions {
  /** The app's folder (import.meta.dirname of its rspack.config.ts). */
  appDir: string;
  /** 'host' or a remote name. */
  app: 'host' | RemoteName;
  /** rspack's `env` argument: `--env label=…` stamps a build label (shown by placeholders, used by e2e). */
  env?: Record<string, unknown>;
  argv?: { mode?: string };
}

const LINGUI_SWC_PLUGIN: [string, Record<string, unknown>] = ['@lingui/swc-plugin', {}];

export function createAppConfig({ appDir, app, env = {} }: AppConfigOptions): Configuration {
  const isHost = app === 'host';
  const production = process.env.NODE_ENV === 'production' || env.production === true;
  const mode = production ? 'production' : 'development';
  const port = isHost ? HOST_APP.port : REMOTE_APPS[app].port;
  const outDir =
    typeof env.outDir === 'string' ? path.resolve(appDir, env.outDir) : path.join(appDir, 'dist');
  const buildLabel = typeof env.label === 'string' ? env.label : 'default';
  const federationName = isHost ? 'host' : app;

  return {
    mode,
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outDir,
      // 'auto': chunks resolve against the origin that served remoteEntry.js, so a remote can be
      // hosted anywhere without rebuilding.
      publicPath: 'auto',
      uniqueName: `bawaba_${federationName}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The workspace's shared package is consumed as TypeScript source.
      conditionNames: ['browser', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              experimental: { plugins: [LINGUI_SWC_PLUGIN] },
            },
            env: { targets: ['chrome >= 111', 'edge >= 111', 'firefox >= 111', 'safari >= 16.4'] },
          },
        },
        { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/i, type: 'asset/resource' },
        {
          // The route heads (a module per contract file, shared/build/route-heads.ts) and `@bawaba/shared/call`, which
          // re-exports them, only declare: marked free of side effects, an import of a head through the call entry
          // binds to the head's own module, so a lazy feature's heads land in its lazy chunk instead of in the one
          // module every first page loads.
          test: /shared[\\/]src[\\/](contracts[\\/]routes[\\/]heads[\\/][^\\/]+|http[\\/]call)\.ts$/,
          sideEffects: false,
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __BAWABA_APP__: JSON.stringify(federationName),
        __BAWABA_BUILD_LABEL__: JSON.stringify(buildLabel),
        __BAWABA_RELEASE__: JSON.stringify(releaseId(appDir)),
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'index.html'),
        // Remotes also get a page: their standalone harness.
        filename: 'index.html',
        // Absolute script URLs: the page is served for deep links like /companies/12 too.
        publicPath: '/',
        // The host page's inline remote hints need to know which remote owns which segment.
        templateParameters: { segmentOwners: JSON.stringify(segmentOwners()) },
        minify: production,
      }),
      // Chakra's global CSS inlined into the page instead of built by Emotion at runtime.
      production ? new ChakraGlobalCssPlugin() : null,
      // V8's explicit compile hint (Chrome ≥ 136; other engines read a comment): every function of the file is
      // compiled with the script, on the background thread that compiles scripts as they download, instead of on
      // the main thread the first time it is called. Nearly all of a chunk's code runs at once here (react-dom,
      // Chakra, a page), so lazy compiling only moved that work into the long tasks of the page load
      // (Lighthouse's TBT on /tender ≈ 180 → 130 ms). After minification, which would drop the comment.
      production
        ? new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            test: /\.js$/,
          })
        : null,
      // release.json: app, version, commit and the compatibility contract (what a host provides, a remote needs).
      new ReleaseStampPlugin(() =>
        releaseInfo({
          appDir,
          app: federationName,
          isHost,
          label: buildLabel,
          singletons: SINGLETONS,
          versions: singletonVersions(appDir),
        }),
      ),
      isHost
        ? new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }] })
        : null,
      new ModuleFederationPlugin({
        name: federationName,
        ...(isHost
          ? {
              // No remotes compiled in: the host registers them at runtime from /config/remotes.json.
              remotes: {},
              runtimePlugins: [
                path.join(appDir, 'src/federation/contain-remote-failure.ts'),
                path.join(appDir, 'src/federation/spread-remote-loading.ts'),
              ],
            }
          : {
              filename: 'remoteEntry.js',
              exposes: { [REMOTE_ROUTES_EXPOSE]: './src/exposes/routes.tsx' },
            }),
        shared: sharedConfig(appDir, isHost),
        // Fetch a remote only when one of its URLs is first visited (no eager version negotiation
        // with every remote at start, which would also make a remote that is down break start-up).
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // Browser-only runtime: drops the MF runtime's Node code paths (smaller main.js / remoteEntry.js). A remote
        // never loads another remote: its runtime also goes without the remote-loading and manifest-snapshot code
        // (a smaller remoteEntry.js that each remote page evaluates).
        experiments: {
          optimization: isHost
            ? { target: 'web' }
            : { target: 'web', disableRemote: true, disableSnapshot: true },
        },
      }),
    ].filter(Boolean),
    optimization: { splitChunks: production ? { chunks: 'async' } : false },
    performance: { hints: false },
    // No lazy compilation in dev: a remote's code runs inside the host's page, and rspack's lazy-compilation
    // client asks the page's origin (the host's dev server) to build it, which knows nothing of the remote's
    // modules — every remote page stayed "unavailable". Everything is compiled up front instead (a few seconds).
    lazyCompilation: false,
    devServer: {
      port,
      host: '127.0.0.1',
      hot: true,
      // The hot-reload socket goes to this app's own dev server, also when its code runs in the host's page.
      client: { webSocketURL: `ws://localhost:${port}/ws` },
      allowedHosts: ['localhost', '127.0.0.1'],
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: isHost
        ? [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT ?? 4100}` }]
        : [],
    },
    stats: 'errors-warnings',
  };
}

/**
 * The server build of an app, beside its browser build (dist/server/): the same code compiled for Node, loaded the
 * way the browser loads it — through Module Federation's runtime, with its Node runtime plugin
 * (@module-federation/node: a remote's chunks are fetched over HTTP from where its server entry was found and run
 * in the render server). A remote's server entry exposes the same routes module as its browser entry; the host's
 * is the render function of its render server (src/server/render.tsx).
 */
export function createServerConfig({ appDir, app, env = {} }: AppConfigOptions): Configuration {
  const browser = createAppConfig({ appDir, app, env: { ...env, production: true } });
  const isHost = app === 'host';
  const federationName = isHost ? 'host' : app;
  const outDir = path.join(
    typeof env.outDir === 'string' ? path.resolve(appDir, env.outDir) : path.join(appDir, 'dist'),
    'server',
  );
  return {
    mode: 'production',
    context: appDir,
    target: 'async-node',
    entry: isHost ? { render: './src/server/index.ts' } : {},
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: `bawaba_${federationName}_server`,
      // CommonJS in a package of "type": "module": the render server require()s the host's files (.cjs); a
      // remote's are fetched over HTTP and run by the federation runtime, whatever their name.
      filename: isHost ? '[name].cjs' : '[name].js',
      chunkFilename: isHost ? '[name].[contenthash:8].cjs' : '[name].[contenthash:8].js',
      library: isHost ? { type: 'commonjs2' } : undefined,
      clean: true,
    },
    resolve: { ...browser.resolve, conditionNames: ['node', 'import', 'module', 'default'] },
    module: browser.module,
    plugins: [
      ...(browser.plugins ?? []).filter((plugin) => plugin instanceof rspack.DefinePlugin),
      new ModuleFederationPlugin({
        name: federationName,
        ...(isHost
          ? { remotes: {} }
          : {
              filename: 'remoteEntry.js',
              exposes: { [REMOTE_ROUTES_EXPOSE]: './src/exposes/routes.tsx' },
            }),
        library: { type: 'commonjs-module', name: federationName },
        remoteType: 'script',
        runtimePlugins: [import.meta.resolve('@module-federation/node/runtimePlugin').replace('file://', '')],
        shared: sharedConfig(appDir, isHost),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
    ],
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
    stats: 'errors-warnings',
  };
}

/**
 * An app's builds: in production the browser build and, after it (it empties dist/), the server build into
 * dist/server/; in development the browser build alone (the dev servers render in the browser only).
 */
export function withServerBuild(
  browser: Configuration,
  options: AppConfigOptions,
): Configuration | Configuration[] {
  if (browser.mode !== 'production') return browser;
  return [
    { ...browser, name: 'browser' },
    { ...createServerConfig(options), name: 'server', dependencies: ['browser'] },
  ];
}
