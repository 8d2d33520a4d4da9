/**
 * Every build is a release candidate of ONE app: `release.json`, written next to its `index.html` (host) or its
 * `mf-manifest.json` (remotes), says which app, which version (its package.json) and which commit it was built
 * from, and carries the compatibility contract (./surface.ts): what a host provides, what a remote needs. The host
 * reads a remote's `release.json` before rendering it (host/src/federation/compatibility.ts); the release command
 * (scripts/release/release.ts) and the compatibility matrix (scripts/release/matrix.ts) read them too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import type { ReleaseStamp } from '../src/federation/contract.ts';
import { neededSurface, providedSurface } from './surface.ts';

export const RELEASE_FILE = 'release.json';

/** The stamp as the build writes it: the contract's fields, and how the build was made. */
export interface ReleaseInfo extends ReleaseStamp {
  /** The app or shared/ had uncommitted changes when it was built. */
  dirty: boolean;
  label: string;
}

function git(appDir: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: appDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The app's version and the commit the build is made from (compiled into the app as `__BAWABA_RELEASE__`). */
export function releaseId(appDir: string): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version, commit: git(appDir, ['rev-parse', 'HEAD']) ?? 'unknown' };
}

export function releaseInfo(options: {
  appDir: string;
  app: string;
  isHost: boolean;
  label: string;
  singletons: readonly string[];
  versions: Record<string, string>;
}): ReleaseInfo {
  const { appDir, app, isHost, label, singletons, versions } = options;
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const sharedDir = path.resolve(import.meta.dirname, '..');
  const changes = git(appDir, ['status', '--porcelain', '--', appDir, sharedDir]);
  return {
    app,
    version,
    commit: git(appDir, ['rev-parse', 'HEAD']) ?? 'unknown',
    dirty: Boolean(changes),
    label,
    singletons: versions,
    ...(isHost
      ? { provides: providedSurface(singletons) }
      : { needs: neededSurface(path.join(appDir, 'src'), singletons) }),
  };
}

/** Emits `release.json` into the build. */
export class ReleaseStampPlugin {
  private readonly info: () => ReleaseInfo;
  constructor(info: () => ReleaseInfo) {
    this.info = info;
  }
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('BawabaReleaseStamp', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BawabaReleaseStamp', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            RELEASE_FILE,
            new compiler.rspack.sources.RawSource(`${JSON.stringify(this.info(), null, 2)}\n`),
          );
        },
      );
    });
  }
}
