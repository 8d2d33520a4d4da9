// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SINGLETONS } from './federation.ts';
import { neededSurface, providedSurface } from './surface.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function appWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'surface-'));
  dirs.push(dir);
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), source);
  }
  return dir;
}

describe('the shared surface', () => {
  it('lists the runtime names of every singleton entry the host provides, types left out', () => {
    const provided = providedSurface(SINGLETONS);
    expect(Object.keys(provided).sort()).toEqual([
      '@bawaba/shared',
      '@bawaba/shared/chakra',
      '@bawaba/shared/chakra-extra',
      '@bawaba/shared/chakra-overlays',
      '@bawaba/shared/forms',
    ]);
    // Through `export *` (chakra.ts, session store) and named re-exports alike.
    expect(provided['@bawaba/shared']).toEqual(expect.arrayContaining(['Box', 'useSessionStore', 'getData']));
    expect(provided['@bawaba/shared/forms']).toEqual(expect.arrayContaining(['FileUpload', 'FormField']));
    expect(provided['@bawaba/shared']).not.toContain('BoxProps');
    expect(provided['@bawaba/shared/forms']).not.toContain('FileUploadProps');
  });

  it('lists what a remote imports from the singleton entries: imported names, not aliases, and no types', () => {
    const dir = appWith({
      'src/a.tsx': `import { Box, Button as B, type BoxProps } from '@bawaba/shared';
        import type { Loaded } from '@bawaba/shared';
        import { FormField } from '@bawaba/shared/forms';
        import { CompanyBody } from '@bawaba/shared/contracts';
        import { useState } from 'react';
        export { Pager } from '@bawaba/shared';`,
      'src/a.test.tsx': `import { OnlyInTests } from '@bawaba/shared';`,
    });
    expect(neededSurface(path.join(dir, 'src'), SINGLETONS)).toEqual({
      '@bawaba/shared': ['Box', 'Button', 'Pager'],
      '@bawaba/shared/forms': ['FormField'],
    });
  });

  it('counts what a bundled shared entry needs from the singletons (chakra-bundled: the page system, the language)', () => {
    const dir = appWith({
      'src/c.tsx': `import { BundledChakra } from '@bawaba/shared/chakra-bundled';
        import { CompanyBody } from '@bawaba/shared/contracts';`,
    });
    expect(neededSurface(path.join(dir, 'src'), SINGLETONS)).toEqual({
      '@bawaba/shared': ['getSystem', 'intlLocale', 'useSessionStore'],
    });
  });

  it('refuses a namespace import of a singleton entry, which would need everything', () => {
    const dir = appWith({ 'src/b.ts': `import * as shared from '@bawaba/shared'; shared.Box;` });
    expect(() => neededSurface(path.join(dir, 'src'), SINGLETONS)).toThrow(/import the names you use/);
  });
});
