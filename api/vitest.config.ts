import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of these files wait rather than compute (API processes restarted or SIGKILLed, the mail worker's rate
    // limit, SSE reconnects): two files at once even on 2 cores, where vitest's default (cores − 1) runs one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
