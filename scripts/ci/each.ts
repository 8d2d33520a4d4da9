/**
 * `node scripts/ci/each.ts <script> [pnpm -r flags…]`: runs a package script in every workspace package that has it,
 * through the project's pinned pnpm (.tools/), because a root script's shell has no `pnpm` on its PATH when the
 * pinned one was installed by ./bawaba rather than globally.
 */
import { PNPM, run } from '../lib.ts';

const [script, ...flags] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/ci/each.ts <script> [pnpm -r flags…]');
  process.exit(2);
}
await run(PNPM, ['-r', '--if-present', ...flags, script]);
