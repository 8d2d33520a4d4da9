/**
 * Ports and origins of the composed site under test. The global setup serves the main site; fault tests
 * compose a second one in the worker so they can stop or swap single remotes without disturbing others.
 */
import type { SitePorts } from '../../scripts/composed-site.ts';

export const MAIN: SitePorts = {
  host: 5000,
  api: 5100,
  remotes: { directory: 5001, tenders: 5002, account: 5003 },
};
/** A second composition (host 5010, remotes 5011–5013) on the same API, for stopping/swapping remotes. */
export const FAULTS: SitePorts = {
  host: 5010,
  api: 5100,
  remotes: { directory: 5011, tenders: 5012, account: 5013 },
};
/** The staging origin serving another build of the directory remote (label "staging"). */
export const STAGING_DIRECTORY_PORT = 5021;
export const STAGING_ORIGIN = `http://localhost:${STAGING_DIRECTORY_PORT}`;

export const BASE_URL = `http://localhost:${MAIN.host}`;
export const DATA_DIR_ENV = 'BAWABA_E2E_DATA_DIR';
