/**
 * The import rules of the repo (docs/architecture.md, "The layers and their rules"), checked by the test command with dependency-cruiser:
 * imports flow one way — shared ← remotes ← host, shared/src/contracts ← api — and nothing imports in a circle.
 * A remote is loaded by the host at run time (Module Federation), never imported; the API shares only the
 * contracts (and the pure format rules they use) with the front ends.
 */
const APP = '^(host|remote-directory|remote-tenders|remote-account)/';
/** The API's domains: one folder each under api/src/modules/ (the single-file ones beside them count too). */
const DOMAIN = '^api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: split the shared part out (a domain imports another domain’s serializers, never its routes).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'remote-not-to-another-app',
      severity: 'error',
      comment: 'A remote never imports another remote or the host: lift what both need into shared/.',
      from: { path: '^(remote-[a-z]+)/' },
      to: { path: APP, pathNot: '^$1/' },
    },
    {
      name: 'host-not-to-remote',
      severity: 'error',
      comment: 'The host loads remotes at run time through the remote map, never by import.',
      from: { path: '^host/' },
      to: { path: '^remote-' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'shared/ is the bottom layer: it imports no app and not the API.',
      from: { path: '^shared/' },
      to: { path: `${APP}|^api/|^e2e/` },
    },
    {
      name: 'api-only-contracts-from-shared',
      severity: 'error',
      comment:
        'The API shares the contracts (and the pure rules and calendar they use) and the search normaliser (not its React part) with the front ends, nothing else.',
      from: { path: '^api/' },
      to: {
        path: `${APP}|^shared/`,
        pathNot:
          '^shared/src/(contracts|rules|calendar)/|^shared/src/format/|^shared/src/search/(index|normalize|highlight)[.]ts$',
      },
    },
    {
      name: 'api-platform-not-to-domains',
      severity: 'error',
      comment:
        'api/src/lib/ is the platform every domain builds on: it imports no domain (move domain code into its module).',
      from: { path: '^api/src/lib/' },
      to: { path: DOMAIN },
    },
    {
      name: 'api-domain-only-through-public-surface',
      severity: 'error',
      comment:
        'A domain uses another domain only through its public surface (api/src/modules/<domain>/index.ts); its other files are its own.',
      from: { path: `${DOMAIN}([^/]+)/` },
      to: { path: `${DOMAIN}[^/]+/`, pathNot: [`${DOMAIN}$1/`, `${DOMAIN}[^/]+/index\\.ts$`] },
    },
    {
      name: 'api-domains-not-in-a-cycle',
      severity: 'error',
      comment:
        'Domains depend on each other one way (proposals and payments build on tenders): a domain that needs to react to a lower one subscribes to its events (modules/index.ts), it is not called by it.',
      // Folder scope: the domain folders as one node each, so that a cycle through two domains' files is caught
      // even when no single file is in a circle.
      scope: 'folder',
      from: { path: `${DOMAIN}[^/]+$` },
      to: { path: `${DOMAIN}[^/]+$`, circular: true },
    },
    {
      name: 'api-routes-not-to-database',
      severity: 'error',
      comment:
        'Route handlers parse, call the service and answer: the database (schema, client, drizzle) is the service’s and the queries’ business.',
      from: { path: `${DOMAIN}[^/]+/[a-z-]*routes\\.ts$` },
      to: { path: ['^api/src/db/', '/drizzle-orm/'] },
    },
    {
      name: 'apps-not-to-api',
      severity: 'error',
      comment: 'Front ends talk to the API over HTTP only.',
      from: { path: `${APP}|^shared/` },
      to: { path: '^api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // drizzle-orm stays in the graph (not followed) so that api-routes-not-to-database sees it.
    exclude: {
      path: '(^|/)(dist|dist-[^/]*|\\.artifacts|\\.tools|coverage)/|(^|/)node_modules/(?!\\.pnpm/drizzle-orm@|drizzle-orm/)',
    },
    // TypeScript 7 has no compiler API for dependency-cruiser yet: swc parses the sources (type-only imports included).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
