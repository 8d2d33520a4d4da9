import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNPM, REMOTE_APPS, ROOT, run } from '../../scripts/lib.ts';
import { serveFrontEnds, startApi, waitForApi } from '../../scripts/site/composed-site.ts';
import { serveApp } from '../../scripts/site/serve.ts';
import { startTopology } from '../../scripts/site/topology.ts';
import {
  BASE_URL,
  DATA_DIR_ENV,
  MAIN,
  STAGING_DIRECTORY_PORT,
  STAGING_ORIGIN,
  TOPOLOGY,
  TOPOLOGY_CONTROL_URL,
  TOPOLOGY_PORTS,
} from './site.ts';
import { serveTopologyControl } from './topology-control.ts';

/**
 * Serves the production build (the test command builds it first) as the real deployment would: API,
 * host and three remotes on their own origins, plus a "staging" build of the directory remote on
 * another origin that the host's remote map allow-lists for overrides. The API is one process on PGlite, or with
 * E2E_TOPOLOGY=1 the production-like topology (nginx on the API's port, two instances, PostgreSQL, S3; site.ts).
 */
export default async function globalSetup() {
  for (const app of ['host', 'remote-directory', 'remote-tenders', 'remote-account']) {
    if (!existsSync(path.join(ROOT, app, 'dist', 'index.html'))) {
      throw new Error(`${app} is not built: run \`pnpm build\` first (the test command does)`);
    }
  }
  // One staging folder per port base, so concurrent runs on one machine don't rebuild each other's files.
  const stagingName = `dist-staging-${STAGING_DIRECTORY_PORT}`;
  const stagingDir = path.join(ROOT, REMOTE_APPS.directory.package, stagingName);
  await run(PNPM, ['exec', 'rspack', 'build', '--env', 'label=staging', '--env', `outDir=${stagingName}`], {
    cwd: path.join(ROOT, REMOTE_APPS.directory.package),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const apiEnv = {
    // The test-only routes (api/src/modules/test-hooks.ts): a spec ends a standstill now instead of waiting days.
    TEST_HOOKS: '1',
    // Many sign-ins in a short run: keep the limiter on, but out of the tests' way.
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX_LOGIN: '10000',
    RATE_LIMIT_MAX_REGISTER: '10000',
    RATE_LIMIT_MAX_FORGOT: '10000',
    RATE_LIMIT_MAX_UPLOAD: '10000',
  };
  let stopApi: () => Promise<void>;
  if (TOPOLOGY) {
    // The instances share one DATA_DIR: the mail outbox the tests read (session.ts outbox()) is the same.
    const topology = await startTopology({ ports: TOPOLOGY_PORTS, publicUrl: BASE_URL, env: apiEnv });
    process.env[DATA_DIR_ENV] = topology.dataDir;
    const control = await serveTopologyControl(topology, Number(new URL(TOPOLOGY_CONTROL_URL).port)).catch(
      async (error: unknown) => {
        await topology.stop();
        throw error;
      },
    );
    stopApi = async () => {
      await new Promise((resolve) => control.close(resolve));
      await topology.stop();
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-e2e-'));
    process.env[DATA_DIR_ENV] = dataDir;
    const api = startApi(MAIN, { DATA_DIR: dataDir, ...apiEnv });
    await waitForApi(MAIN);
    stopApi = async () => void api.kill('SIGTERM');
  }
  let servers: Awaited<ReturnType<typeof serveFrontEnds>> | undefined;
  let staging: Awaited<ReturnType<typeof serveApp>>;
  try {
    servers = await serveFrontEnds(MAIN, [STAGING_ORIGIN]);
    staging = await serveApp({ kind: 'remote', dir: stagingDir, port: STAGING_DIRECTORY_PORT });
  } catch (error) {
    // A port taken by another run: stop what started (the topology's processes too) rather than leave it behind.
    await Promise.all([...(servers?.values() ?? [])].map((s) => s.close()));
    await stopApi();
    throw error;
  }

  return async () => {
    await Promise.all([...servers.values(), staging].map((s) => s.close()));
    await stopApi();
  };
}
