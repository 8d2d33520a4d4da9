/**
 * Builds of earlier releases, rebuilt from git history (releases.json names each app's previous release by
 * commit): one git worktree per commit in a work folder under the system's temp folder (never in this tree),
 * installed from this machine's pnpm store and built there. Used by the release matrix (scripts/release/matrix.ts:
 * the current builds against the previous releases) and the performance guard (scripts/perf/guard.ts: the current
 * build against the previous release, side by side).
 *
 * BAWABA_RELEASE_BUILDS=<folder> shares one work folder between the two in one test run (scripts/ci/test.ts): a
 * release already built there is used as it is, and the folder is left for the caller to remove
 * (removeReleaseBuilds). Without it each run builds into a folder of its own and removes it at the end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReleaseStamp } from '../../shared/src/federation/contract.ts';
import { APPS, PNPM, ROOT, run } from '../lib.ts';
import { readReleases } from './releases.ts';

export type App = (typeof APPS)[number];

export interface ReleaseBuilds {
  /** The work folder (worktrees and anything else the caller puts there). */
  work: string;
  /** A checkout of `commit` in a worktree named `name`, installed (a shared folder's existing one is reused). */
  checkout(commit: string, name: string): Promise<string>;
  /** Each app's dist/ as released before the current release (its current build when it has no previous one). */
  previous(): Promise<Record<string, string>>;
  /** Removes the worktrees and the folder, unless the folder is shared (BAWABA_RELEASE_BUILDS). */
  close(): void;
}

/** Whether this clone has `commit` (a shallow CI clone may not). */
function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Where an app's dist/ is in a checkout. */
export const distIn = (dir: string, app: App) => path.join(dir, path.relative(ROOT, app.dir), 'dist');

const stampOf = (dist: string): ReleaseStamp | null => {
  const file = path.join(dist, 'release.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReleaseStamp) : null;
};

/** The current builds (this tree's dist/), built first when one is missing. */
export async function currentBuilds(): Promise<Record<string, string>> {
  const missing = APPS.filter((app) => !existsSync(path.join(app.dir, 'dist', 'release.json')));
  if (missing.length > 0) await run(PNPM, ['build', ...missing.map((a) => a.name)]);
  return Object.fromEntries(APPS.map((app) => [app.name, path.join(app.dir, 'dist')]));
}

export function openReleaseBuilds(label: string): ReleaseBuilds {
  const shared = process.env.BAWABA_RELEASE_BUILDS;
  const work = shared ?? mkdtempSync(path.join(tmpdir(), `bawaba-${label}-`));
  mkdirSync(work, { recursive: true });
  const created: string[] = [];

  async function checkout(commit: string, name: string): Promise<string> {
    const dir = path.join(work, name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (!hasCommit(commit)) {
      // A shallow clone: fetch the history the recorded releases need.
      console.log(`› fetching history for ${commit.slice(0, 8)} (shallow clone)`);
      execFileSync('git', ['fetch', '--unshallow', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
      if (!hasCommit(commit)) throw new Error(`release commit ${commit} is not in this repository's history`);
    }
    execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
    created.push(dir);
    symlinkSync(path.join(ROOT, '.tools'), path.join(dir, '.tools'));
    await run(PNPM, ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], { cwd: dir });
    return dir;
  }

  async function previous(): Promise<Record<string, string>> {
    const releases = readReleases();
    const dists: Record<string, string> = {};
    const appsByCommit = new Map<string, App[]>();
    for (const app of APPS) {
      const recorded = releases[app.name]?.previous;
      if (!recorded) {
        console.log(`› ${app.name}: no previous release yet, its current build stands in`);
        dists[app.name] = path.join(app.dir, 'dist');
        continue;
      }
      appsByCommit.set(recorded.commit, [...(appsByCommit.get(recorded.commit) ?? []), app]);
    }
    const started = performance.now();
    for (const [commit, apps] of appsByCommit) {
      const dir = await checkout(commit, commit.slice(0, 12));
      const toBuild = apps.filter((app) => stampOf(distIn(dir, app))?.commit !== commit);
      if (toBuild.length > 0) {
        console.log(
          `› building ${toBuild.map((a) => a.name).join(', ')} as released at ${commit.slice(0, 8)}`,
        );
        await run(PNPM, ['build', ...toBuild.map((a) => a.name)], { cwd: dir });
      }
      for (const app of apps) {
        dists[app.name] = distIn(dir, app);
        // The record and the rebuilt release must agree: same version, same commit.
        const stamp = stampOf(distIn(dir, app));
        const recorded = releases[app.name]?.previous;
        if (stamp?.version !== recorded?.version || stamp?.commit !== commit)
          throw new Error(
            `releases.json says ${app.name} ${recorded?.version} at ${commit.slice(0, 8)}, its build says ${stamp?.version} at ${stamp?.commit.slice(0, 8)}`,
          );
      }
    }
    console.log(`› previous releases ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return dists;
  }

  function close(): void {
    if (shared) return;
    for (const dir of created) removeWorktree(dir);
    rmSync(work, { recursive: true, force: true });
  }

  return { work, checkout, previous, close };
}

function removeWorktree(dir: string): void {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // Not a worktree (any more): the folder goes below.
  }
}

/** Removes a shared work folder (BAWABA_RELEASE_BUILDS) and the worktrees in it. */
export function removeReleaseBuilds(work: string): void {
  if (!existsSync(work)) return;
  const listed = execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
  for (const line of listed.split('\n'))
    if (line.startsWith('worktree ') && line.slice(9).startsWith(`${work}${path.sep}`))
      removeWorktree(line.slice(9));
  rmSync(work, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT, stdio: 'ignore' });
}
