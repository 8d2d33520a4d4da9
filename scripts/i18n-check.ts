/**
 * Fails when any message of any package lacks an Arabic translation. Run after `pnpm i18n:extract`, so a
 * message added to the code without a translation is caught too (the test command does both).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { arabicCatalogPath, CATALOG_PACKAGES, readPo, untranslated } from './po.ts';

const root = path.resolve(import.meta.dirname, '..');
let missing = 0;
let total = 0;
for (const pkg of CATALOG_PACKAGES) {
  const file = arabicCatalogPath(root, pkg);
  if (!existsSync(file)) {
    console.error(`✗ ${pkg}: no Arabic catalog at ${path.relative(root, file)}`);
    missing++;
    continue;
  }
  const po = readPo(file);
  const gaps = untranslated(po);
  total += po.items.filter((i) => !i.obsolete).length;
  missing += gaps.length;
  for (const msgid of gaps) console.error(`✗ ${pkg}: no Arabic for ${JSON.stringify(msgid)}`);
}
if (missing > 0) {
  console.error(`i18n: ${missing} message(s) without an Arabic translation`);
  process.exit(1);
}
console.log(`i18n: all ${total} messages have an Arabic translation`);
