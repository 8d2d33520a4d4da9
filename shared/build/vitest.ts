import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vitest/config';

/**
 * Vitest runs on Vite, not rspack, so it needs its own Lingui macro transform: Lingui's babel macro
 * plugin, applied only to files that import a macro (`@lingui/core/macro`, `@lingui/react/macro`).
 * Vite/oxc then strips the TypeScript and JSX as usual.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'bawaba-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(id) || !code.includes('/macro')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map ?? null } : null;
    },
  };
}

/** The vitest options every front-end package uses. */
export const frontEndTest = {
  environment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: [fileURLToPath(new URL('./vitest-setup.ts', import.meta.url))],
  // Multi-step form tests (the proposal wizard) drive many renders; on a busy 2-core CI box 5 s is too tight.
  testTimeout: 20_000,
  // Two files at once even on 2 cores (vitest's default, cores − 1, runs one there): the main process mostly waits
  // while a worker imports and renders, so one worker leaves a core idle.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
