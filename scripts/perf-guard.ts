/**
 * The performance guard (issue 22; a step of `./bawaba test`): a quick check with a margin under the benchmark's
 * targets, so that a regression — in the code or in the browser the test command installs — turns CI red.
 *  - Lighthouse (scripts/lighthouse.ts, mobile preset): 3 runs on /home, /service and /tender; fails when a page's
 *    median score is below 90 (the target is 95).
 *  - Interactions (scripts/interactions.ts, CPU 4× slower): fails when an interaction's p75 is over 200 ms (the
 *    target is 100 ms).
 * A failing page or interaction is measured once more before the verdict, and fails only when it fails again: one
 * busy moment of a shared machine is not a regression, a slower build or browser is (it fails both times).
 *
 *   pnpm exec node scripts/perf-guard.ts
 *
 * Env: PERF_GUARD_PORT_BASE (4900: Lighthouse's site on it, the interactions' on +50; each host on its base,
 * remotes +1..+3, API +100), PERF_GUARD_INTERACTION_RUNS (6: the p75 is the 5th of 6; the benchmark takes 10),
 * CHROMIUM_PATH. Exits 1 when the guard fails.
 */
import { cpus } from 'node:os';
import type { InteractionFigures, Kind } from './interactions.ts';
import type { PageFigures } from './lighthouse.ts';

export const GUARD = {
  pages: ['/home', '/service', '/tender'],
  lighthouseRuns: 3,
  /** Median Lighthouse performance score, at least. */
  minScore: 90,
  /** p75 of every interaction, at most (ms). */
  maxInteractionMs: 200,
} as const;

export type PageResult = Pick<PageFigures, 'page' | 'score' | 'scores'>;
export type InteractionResult = Pick<InteractionFigures, 'kind' | 'label' | 'p75Ms' | 'samples'>;

export interface Verdict {
  ok: boolean;
  /** One line per failure (what, the figure, the limit). */
  failures: string[];
  /** What to measure again: the failing pages and interaction kinds. */
  pages: string[];
  kinds: Kind[];
}

/**
 * Turns figures into the guard's verdict: every expected page measured with a median score ≥ minScore, every
 * expected interaction measured with p75 ≤ maxInteractionMs. A page or kind with no figure fails (a guard that
 * measured nothing must not pass), and so does a figure that is not a number.
 */
export function verdict(
  pages: readonly PageResult[],
  interactions: readonly InteractionResult[],
  expected: { pages: readonly string[]; kinds: readonly Kind[] },
  limits: { minScore: number; maxInteractionMs: number } = GUARD,
): Verdict {
  const failures: string[] = [];
  const failedPages: string[] = [];
  const failedKinds: Kind[] = [];
  for (const page of expected.pages) {
    const row = pages.find((p) => p.page === page);
    if (!row || !Number.isFinite(row.score)) {
      failures.push(`${page}: no Lighthouse score`);
      failedPages.push(page);
    } else if (row.score < limits.minScore) {
      failures.push(
        `${page}: Lighthouse score ${row.score} < ${limits.minScore} (runs ${row.scores.join(', ')})`,
      );
      failedPages.push(page);
    }
  }
  for (const kind of expected.kinds) {
    const row = interactions.find((r) => r.kind === kind);
    if (!row || !Number.isFinite(row.p75Ms)) {
      failures.push(`${kind}: no interaction figure`);
      failedKinds.push(kind);
    } else if (row.p75Ms > limits.maxInteractionMs) {
      failures.push(
        `${row.label}: p75 ${row.p75Ms} ms > ${limits.maxInteractionMs} ms (repetitions ${row.samples.join(', ')})`,
      );
      failedKinds.push(kind);
    }
  }
  return { ok: failures.length === 0, failures, pages: failedPages, kinds: failedKinds };
}

/** Replaces the rows of `first` by those measured again (same page or kind). */
export function merge<T>(first: readonly T[], again: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map(again.map((row) => [key(row), row]));
  return first.map((row) => byKey.get(key(row)) ?? row);
}

async function main(): Promise<void> {
  // Loaded here, not at the top: the unit test of the verdict needs neither Lighthouse nor Playwright.
  const { runLighthouse, browserVersion } = await import('./lighthouse.ts');
  const { KINDS, printInteractionTable, runInteractions } = await import('./interactions.ts');
  const started = Date.now();
  const base = Number(process.env.PERF_GUARD_PORT_BASE ?? 4900);
  const interactionRuns = Number(process.env.PERF_GUARD_INTERACTION_RUNS ?? 6);
  const expected = { pages: [...GUARD.pages], kinds: [...KINDS] };
  console.log(
    `Performance guard on ${cpus().length} cores, ${browserVersion()}: Lighthouse ${GUARD.lighthouseRuns} runs on ${GUARD.pages.join(', ')} (median score ≥ ${GUARD.minScore}), interactions at 4× CPU slowdown (p75 of ${interactionRuns} ≤ ${GUARD.maxInteractionMs} ms)`,
  );

  const measure = async (pages: string[], kinds: Kind[]) => ({
    pages:
      pages.length > 0
        ? await runLighthouse({ pages, runs: GUARD.lighthouseRuns, portBase: base })
        : ([] as PageFigures[]),
    interactions:
      kinds.length > 0
        ? await runInteractions({ kinds, runs: interactionRuns, portBase: base + 50 })
        : ([] as InteractionFigures[]),
  });

  let figures = await measure(expected.pages, expected.kinds);
  let result = verdict(figures.pages, figures.interactions, expected);
  if (!result.ok) {
    console.log(`\nOver the guard's limits, measured again:\n  ${result.failures.join('\n  ')}`);
    const again = await measure(result.pages, result.kinds);
    figures = {
      pages: merge(figures.pages, again.pages, (p) => p.page),
      interactions: merge(figures.interactions, again.interactions, (r) => r.kind),
    };
    result = verdict(figures.pages, figures.interactions, expected);
  }

  console.log('');
  for (const p of figures.pages)
    console.log(
      `${p.page.padEnd(10)} Lighthouse median ${String(p.score).padStart(3)} (runs ${p.scores.join(', ')})  ≥ ${GUARD.minScore} ${p.score >= GUARD.minScore ? 'ok' : 'FAILED'}`,
    );
  console.log('');
  printInteractionTable(figures.interactions);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log('');
  if (result.ok) {
    console.log(
      `✔ performance guard passed in ${seconds} s (median score ≥ ${GUARD.minScore}, every interaction p75 ≤ ${GUARD.maxInteractionMs} ms)`,
    );
    process.exit(0);
  }
  console.log(
    `✘ performance guard FAILED in ${seconds} s (twice in a row):\n  ${result.failures.join('\n  ')}`,
  );
  console.log('Find the cause with scripts/long-tasks.ts (loads) or scripts/interactions.ts (interactions).');
  process.exit(1);
}

if (import.meta.main) await main();
