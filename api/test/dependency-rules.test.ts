import { execFile } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The API's layer rules in .dependency-cruiser.cjs (run by `pnpm run deps`), each shown to refuse a violation: a
 * throwaway file that breaks it is written into the tree, cruised with the repo's config, and removed.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

type Violation = { rule: { name: string }; from: string; to: string };

/** The rule violations of the graph cruised from `path` (relative to the repo) holding `source`. */
async function allViolationsWith(path: string, source: string): Promise<Violation[]> {
  await writeFile(join(ROOT, path), source);
  try {
    const { stdout } = await promisify(execFile)(
      DEPCRUISE,
      [path, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    return result.summary.violations;
  } finally {
    await rm(join(ROOT, path), { force: true });
  }
}

/** The rule violations of `path` (relative to the repo) holding `source`. */
async function violationsOf(path: string, source: string): Promise<Violation[]> {
  return (await allViolationsWith(path, source)).filter((v) => v.from === path);
}

const rules = (vs: Violation[]) => vs.map((v) => `${v.rule.name}: ${v.to}`).sort();

describe('the API layer rules', () => {
  it('refuse a platform file (lib/) importing a domain', async () => {
    const vs = await violationsOf(
      'api/src/lib/layer-rule-check.ts',
      "export { isPast } from '../modules/tenders/index.ts';\n",
    );
    expect(rules(vs)).toEqual(['api-platform-not-to-domains: api/src/modules/tenders/index.ts']);
  });

  it('refuse a domain importing another domain’s internal file, and let it use the public index', async () => {
    const vs = await violationsOf(
      'api/src/modules/follows/layer-rule-check.ts',
      "export { ownedTender } from '../tenders/service.ts';\nexport { isPast } from '../tenders/index.ts';\n",
    );
    expect(rules(vs)).toEqual(['api-domain-only-through-public-surface: api/src/modules/tenders/service.ts']);
  });

  it('refuse a route file importing the database schema or drizzle', async () => {
    const vs = await violationsOf(
      'api/src/modules/follows/layer-rule-check-routes.ts',
      "export { follows } from '../../db/schema.ts';\nexport { eq } from 'drizzle-orm';\n",
    );
    expect(vs.map((v) => v.rule.name)).toEqual(['api-routes-not-to-database', 'api-routes-not-to-database']);
    expect(vs.some((v) => v.to === 'api/src/db/schema.ts')).toBe(true);
    expect(vs.some((v) => v.to.includes('/drizzle-orm/'))).toBe(true);
  });

  it('hold every route file of every domain to the database rule, none exempted', async () => {
    type Rule = { name: string; from: { path: string; pathNot?: string | string[] } };
    const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
      forbidden: Rule[];
    };
    const rule = config.forbidden.find((r) => r.name === 'api-routes-not-to-database');
    const modules = join(ROOT, 'api/src/modules');
    const routeFiles = (await readdir(modules, { recursive: true }))
      .filter((f) => /(^|[/-])routes\.ts$/.test(f))
      .map((f) => `api/src/modules/${f}`);
    expect(routeFiles).toContain('api/src/modules/files/routes.ts');
    const held = (f: string) =>
      new RegExp(rule?.from.path ?? '$^').test(f) &&
      ![rule?.from.pathNot ?? []].flat().some((not) => new RegExp(not).test(f));
    expect(routeFiles.filter((f) => !held(f))).toEqual([]);
  });

  it('refuse two domains depending on each other through any of their files, and let one build on the other', async () => {
    // The tender domain importing the proposals domain's public surface closes a circle: proposals builds on tenders.
    const circle = await allViolationsWith(
      'api/src/modules/tenders/layer-rule-check.ts',
      "export { serializeProposals } from '../proposals/index.ts';\n",
    );
    const domainCycles = circle.filter((v) => v.rule.name === 'api-domains-not-in-a-cycle');
    expect(domainCycles.map((v) => `${v.from} → ${v.to}`)).toContain(
      'api/src/modules/tenders → api/src/modules/proposals',
    );
    // No file of the two is in a circle: only the domain-level rule sees it.
    expect(circle.filter((v) => v.rule.name === 'no-circular')).toEqual([]);

    const oneWay = await allViolationsWith(
      'api/src/modules/proposals/layer-rule-check.ts',
      "export { isPast } from '../tenders/index.ts';\n",
    );
    expect(oneWay).toEqual([]);
  });
});
