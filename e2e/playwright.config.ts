import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { BASE_URL, MAIN, TOPOLOGY } from './support/site.ts';

// One artifacts folder per port base: concurrent runs on one machine don't delete each other's traces.
const artifacts = `.artifacts/${MAIN.host}`;

/**
 * The topology run (E2E_TOPOLOGY=1) has two projects: every spec, then instances.spec.ts alone (it SIGKILLs an API
 * instance, so it runs after everything else; a dependency orders them with one worker). The default setup (one
 * API process on PGlite) has no instances to kill: instances.spec.ts is left out. `--grep @smoke` picks the short
 * run of the default setup that `./bawaba test` adds after the topology run (docs/testing.md).
 */
const INSTANCES_SPEC = /instances\.spec\.ts$/;
const projects = TOPOLOGY
  ? [
      { name: 'topology', testIgnore: INSTANCES_SPEC },
      { name: 'instances', testMatch: INSTANCES_SPEC, dependencies: ['topology'] },
    ]
  : [{ name: 'single', testIgnore: INSTANCES_SPEC }];

export default defineConfig({
  projects,
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `${artifacts}/report` }]],
  outputDir: `${artifacts}/results`,
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
