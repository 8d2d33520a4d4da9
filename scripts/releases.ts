/**
 * releases.json: the current and the previous release of each app (version, commit, date), written by the release
 * command (scripts/release.ts) and read by the compatibility matrix (scripts/release-matrix.ts), which rebuilds
 * the previous ones from git history.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';

export const RELEASES_FILE = path.join(ROOT, 'releases.json');

export interface Release {
  version: string;
  commit: string;
  date: string;
}

export type Releases = Record<string, { current: Release; previous?: Release }>;

export function readReleases(): Releases {
  return JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) as Releases;
}
