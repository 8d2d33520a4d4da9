/**
 * Fill Arabic translations from a JSON object { "English source": "الترجمة" }:
 *   pnpm exec node scripts/i18n/fill.ts <package> <file.json>
 * Only empty translations are filled unless --overwrite is given. Prints what is still missing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { arabicCatalogPath, readPo, untranslated, writePo } from './po.ts';

const [pkg, jsonFile, flag] = process.argv.slice(2);
if (!pkg || !jsonFile) {
  console.error('usage: node scripts/i18n/fill.ts <package> <translations.json> [--overwrite]');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..', '..');
const file = arabicCatalogPath(root, pkg);
const translations = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, string>;
const po = readPo(file);
let filled = 0;
for (const item of po.items) {
  const arabic = translations[item.msgid];
  if (arabic === undefined) continue;
  if (flag !== '--overwrite' && item.msgstr.some((s) => s.trim() !== '')) continue;
  item.msgstr = [arabic];
  filled++;
}
writePo(file, po);
const gaps = untranslated(po);
console.log(`${pkg}: filled ${filled}; still missing ${gaps.length}`);
for (const msgid of gaps) console.log(`  ${JSON.stringify(msgid)}`);
