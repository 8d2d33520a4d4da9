// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@bawaba/shared';
import { describe, expect, it } from 'vitest';
import { parseOverride, type RemoteMapConfig } from './remote-map.ts';

/** The environments' remote maps (deploy/) against the recorded releases (releases.json). */
const root = path.resolve(import.meta.dirname, '../../..');
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const releases =
  read<Record<string, { current: { version: string }; previous?: { version: string } }>>('releases.json');
const versionIn = (url: string) => /\/([^/]+)\/mf-manifest\.json$/.exec(new URL(url).pathname)?.[1];

describe('the remote map of each environment', () => {
  for (const env of ['production', 'staging'] as const) {
    const map = read<RemoteMapConfig>(`deploy/${env}.remotes.json`);

    it(`${env}: names every remote, each at a recorded release (current or previous: the matrix proves those)`, () => {
      expect(Object.keys(map.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
      for (const remote of REMOTE_NAMES) {
        const recorded = releases[remote];
        const version = versionIn(map.remotes[remote]);
        expect([recorded?.current.version, recorded?.previous?.version]).toContain(version);
      }
    });
  }

  it('production refuses every staging override; staging allows only the apps’ own origins', () => {
    const production = read<RemoteMapConfig>('deploy/production.remotes.json');
    const staging = read<RemoteMapConfig>('deploy/staging.remotes.json');
    expect(production.overrideOrigins).toEqual([]);
    const elsewhere = 'tenders@https://evil.example/1.0.0/mf-manifest.json';
    expect(parseOverride(elsewhere, staging).kind).toBe('refused');
    const own = `tenders@${new URL(staging.remotes.tenders).origin}/${releases.tenders?.current.version}/mf-manifest.json`;
    expect(parseOverride(own, staging).kind).toBe('accepted');
  });
});
