/**
 * Ports and origins of the composed site under test. The global setup serves the main site; fault tests
 * compose a second one in the worker so they can stop or swap single remotes without disturbing others.
 * E2E_PORT_BASE (default 5000) moves every port, so two runs on one machine don't collide.
 *
 * E2E_TOPOLOGY=1 runs the API as the production-like topology (scripts/site/topology.ts: nginx on the API's usual
 * port base+100, two instances on base+101 and base+102, PostgreSQL from scripts/site/pg.sh on PG_PORT, the S3
 * stand-in on base+190); unset, one API process on PGlite (the default `./bawaba start`).
 */
import type { SitePorts } from '../../scripts/site/composed-site.ts';
import { type TopologyPorts, topologyPortsFrom } from '../../scripts/site/topology.ts';

const base = Number(process.env.E2E_PORT_BASE ?? 5000);

export const MAIN: SitePorts = {
  host: base,
  api: base + 100,
  remotes: { directory: base + 1, tenders: base + 2, account: base + 3 },
};
export const TOPOLOGY = process.env.E2E_TOPOLOGY === '1';
/** The topology's ports: the balancer takes the API's port, so the host's `/api` proxy is the same in both setups. */
export const TOPOLOGY_PORTS: TopologyPorts = topologyPortsFrom(MAIN.api, 2);
/**
 * The global setup's test-only control of the topology's instances (support/topology-control.ts): the instances
 * run in the Playwright runner, the tests in a worker, so instances.spec.ts kills and restarts them through it.
 */
export const TOPOLOGY_CONTROL_URL = `http://127.0.0.1:${base + 97}`;
/** A second composition on the same API, for stopping/swapping remotes. */
export const FAULTS: SitePorts = {
  host: base + 10,
  api: base + 100,
  remotes: { directory: base + 11, tenders: base + 12, account: base + 13 },
};
/** A third composition on the same API, whose remotes' server entries fail or hang (ssr.spec.ts). */
export const SERVER_RENDER_FAULTS: SitePorts = {
  host: base + 50,
  api: base + 100,
  remotes: { directory: base + 51, tenders: base + 52, account: base + 53 },
};
/** A host on its own API process (faults.spec.ts restarts that API under a signed-in page). */
export const LIVE = { host: base + 30, api: base + 130 };
/** A host whose API address has nothing listening (proxy.spec.ts: the proxy's own answers). */
export const UNREACHABLE_API = { host: base + 40, api: base + 140 };
/** The staging origin serving another build of the directory remote (label "staging"). */
export const STAGING_DIRECTORY_PORT = base + 21;
export const STAGING_ORIGIN = `http://localhost:${STAGING_DIRECTORY_PORT}`;
/** An origin nothing is allowed to load code from. */
export const UNLISTED_ORIGIN = `http://127.0.0.1:${base + 99}`;

export const BASE_URL = `http://localhost:${MAIN.host}`;
export const API_URL = `http://127.0.0.1:${MAIN.api}/api/v1`;
export const DATA_DIR_ENV = 'BAWABA_E2E_DATA_DIR';
/** The local endpoints webhooks.spec.ts runs to receive a company's webhooks: one per language. */
export const WEBHOOK_RECEIVER_PORTS = { en: base + 240, ar: base + 241 } as const;
