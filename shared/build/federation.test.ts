// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedConfig } from './federation.ts';

const hostDir = path.resolve(import.meta.dirname, '../../host');
const remoteDir = path.resolve(import.meta.dirname, '../../remote-tenders');

describe('the share config', () => {
  it("makes the host's copy of @bawaba/shared the one every remote gets, whatever version a remote was built with", () => {
    const host = sharedConfig(hostDir, true);
    const remote = sharedConfig(remoteDir, false);
    for (const key of ['@bawaba/shared', '@bawaba/shared/chakra-extra', '@bawaba/shared/forms']) {
      expect(host[key]).toMatchObject({
        singleton: true,
        version: expect.stringMatching(/^[1-9]\d*\.\d+\.\d+$/),
      });
      // Lower than any real version: Module Federation's highest-version pick always lands on the host's copy.
      expect(remote[key]).toMatchObject({ singleton: true, version: '0.0.0', requiredVersion: false });
    }
    // The other singletons keep their real versions and ranges on both sides.
    expect(remote.react).toEqual(host.react);
    expect(remote.react?.requiredVersion).toMatch(/^\^19\./);
  });
});
