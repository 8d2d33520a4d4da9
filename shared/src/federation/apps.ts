/**
 * The composed site's apps: one owner per top-level URL segment (ARCHITECTURE.md "URL ownership").
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
export const REMOTE_NAMES = Object.keys(REMOTE_APPS) as RemoteName[];

/** Every remote exposes exactly this module; the host loads it as `<remote>/routes`. */
export const REMOTE_ROUTES_EXPOSE = './routes';
