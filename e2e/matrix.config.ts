import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { BASE_URL } from './support/site.ts';

/**
 * The release matrix's smoke suite (e2e/matrix), run by scripts/release/matrix.ts once per composition against
 * the site it composed (E2E_PORT_BASE gives the ports); no global setup of its own.
 */
export default defineConfig({
  testDir: './matrix',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: `.artifacts/matrix/${process.env.MATRIX_COMPOSITION ?? 'current'}`,
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
