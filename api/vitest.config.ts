import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend most of their time waiting (the mail worker held to its production rate for about a minute):
 * started first, so the other worker runs the rest meanwhile. Vitest orders by the last run's durations when it has
 * them, but a clean clone has none and orders by file size, which put this one last, alone.
 */
const WAITING_FILES = ['test/mail-durability.test.ts'];

class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => WAITING_FILES.some((name) => file.moduleId.endsWith(name));
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // What only several connections to one database can do (`*.postgres.test.ts`) runs on PostgreSQL alone: the
    // test command's DATABASE_URL run. On PGlite, one connection, transactions take turns.
    exclude: process.env.DATABASE_URL ? [] : ['test/**/*.postgres.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of these files wait rather than compute (API processes restarted or SIGKILLed, the mail worker's rate
    // limit, SSE reconnects): two files at once even on 2 cores, where vitest's default (cores − 1) runs one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: WaitingFilesFirst },
    // One migrated and seeded demo database for the whole run, which each seeded test app starts from.
    globalSetup: ['test/global-setup.ts'],
  },
});
