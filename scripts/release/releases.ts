/**
 * releases.json: the current and the previous release of each app (version, commit, date), written by the release
 * command (scripts/release/release.ts) and read by the compatibility matrix (scripts/release/matrix.ts), which rebuilds
 * the previous ones from git history.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib.ts';

export const RELEASES_FILE = path.join(ROOT, 'releases.json');
/** The remote map of the staging environment (deploy/): the release command points it at each new remote release. */
export const STAGING_MAP = path.join(ROOT, 'deploy', 'staging.remotes.json');

export interface Release {
  version: string;
  commit: string;
  date: string;
}

export type Releases = Record<string, { current: Release; previous?: Release }>;

export function readReleases(): Releases {
  return JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) as Releases;
}
