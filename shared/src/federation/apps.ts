/**
 * The composed site's apps: one owner per top-level URL segment (the host owns the top-level route table; each
 * remote owns what is below its segments). This is the one route-ownership map: the host's routes, its guards,
 * the page's inline remote hints (host/index.html, filled in at build time) and the e2e route list read it.
 * Read by the build helper (names, dev ports), the serve scripts (ports) and the host (which remote
 * renders which segment). Ports are the local defaults; deployments point the host at other origins
 * through its runtime remote map (/config/remotes.json), never by rebuilding it.
 */
export const HOST_APP = { name: 'host', package: 'host', port: 4000 } as const;
export const API_PORT = 4100;

export const REMOTE_APPS = {
  directory: {
    name: 'directory',
    package: 'remote-directory',
    port: 4001,
    segments: ['service', 'companies', 'company-profile', 'company-register', 'request-service'],
  },
  tenders: {
    name: 'tenders',
    package: 'remote-tenders',
    port: 4002,
    segments: ['tender', 'tender-profile', 'submit-proposal', 'resubmit-proposal'],
  },
  account: {
    name: 'account',
    package: 'remote-account',
    port: 4003,
    segments: ['account'],
  },
} as const;

export type RemoteName = keyof typeof REMOTE_APPS;

/**
 * The remotes' top-level segments only a signed-in user may open: the host opens the login modal instead (and
 * continues to the page after sign-in) before it loads the remote. Every account page is personal; a company's full
 * profile and requests need an account. Each remote's page table agrees (a segment is here exactly when none of
 * its pages is public: checked by the remote's src/page-table.test.ts); the host's own pages say it in its table.
 */
export const SIGNED_IN_SEGMENTS: readonly string[] = [
  'companies',
  'company-profile',
  'company-register',
  'request-service',
  'submit-proposal',
  'resubmit-proposal',
  'account',
];

/** Which remote renders each top-level segment. */
export function segmentOwners(): Record<string, RemoteName> {
  const owners: Record<string, RemoteName> = {};
  for (const app of Object.values(REMOTE_APPS))
    for (const segment of app.segments) owners[segment] = app.name;
  return owners;
}
export const REMOTE_NAMES = Object.keys(REMOTE_APPS) as RemoteName[];

/** Every remote exposes exactly this module; the host loads it as `<remote>/routes`. */
export const REMOTE_ROUTES_EXPOSE = './routes';
