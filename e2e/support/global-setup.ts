import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveFrontEnds, startApi, waitForApi } from '../../scripts/composed-site.ts';
import { PNPM, REMOTE_APPS, ROOT, run } from '../../scripts/lib.ts';
import { serveApp } from '../../scripts/serve.ts';
import { DATA_DIR_ENV, MAIN, STAGING_DIRECTORY_PORT, STAGING_ORIGIN } from './site.ts';

/**
 * Serves the production build (the test command builds it first) as the real deployment would: API,
 * host and three remotes on their own origins, plus a "staging" build of the directory remote on
 * another origin that the host's remote map allow-lists for overrides.
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

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-e2e-'));
  process.env[DATA_DIR_ENV] = dataDir;
  const api = startApi(MAIN, {
    DATA_DIR: dataDir,
    // Many sign-ins in a short run: keep the limiter on, but out of the tests' way.
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX_LOGIN: '10000',
    RATE_LIMIT_MAX_REGISTER: '10000',
    RATE_LIMIT_MAX_FORGOT: '10000',
    RATE_LIMIT_MAX_UPLOAD: '10000',
  });
  await waitForApi(MAIN);
  const servers = await serveFrontEnds(MAIN, [STAGING_ORIGIN]);
  const staging = await serveApp({ kind: 'remote', dir: stagingDir, port: STAGING_DIRECTORY_PORT });

  return async () => {
    await Promise.all([...servers.values(), staging].map((s) => s.close()));
    api.kill('SIGTERM');
  };
}
