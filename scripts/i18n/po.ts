import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

/** The packages with Lingui catalogs, each with src/locales/{en,ar}/messages.po. */
export const CATALOG_PACKAGES = ['shared', 'host', 'remote-directory', 'remote-tenders', 'remote-account'];

export const arabicCatalogPath = (root: string, pkg: string) =>
  path.join(root, pkg, 'src', 'locales', 'ar', 'messages.po');

export function readPo(file: string): PO {
  return PO.parse(readFileSync(file, 'utf8'));
}

export function writePo(file: string, po: PO): void {
  writeFileSync(file, `${po.toString()}\n`);
}

/** Messages of a catalog whose translation is empty (obsolete entries are not counted). */
export function untranslated(po: PO): string[] {
  return po.items
    .filter((item) => !item.obsolete && item.msgstr.every((s) => s.trim() === ''))
    .map((i) => i.msgid);
}
