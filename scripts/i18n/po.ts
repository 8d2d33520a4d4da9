import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

/**
 * The Lingui catalogs: a package's main one (`<package>`: src/locales/{en,ar}/messages.po) and its lazy ones
 * (`<package>:<name>`: src/locales/{en,ar}/<name>.po; shared/build/lingui.ts `lazy`).
 */
export const CATALOG_PACKAGES = [
  'shared',
  'host',
  'remote-directory',
  'remote-tenders',
  'remote-tenders:workspace',
  'remote-account',
];

/** A catalog's PO file in `locale` (`catalog`: `<package>` or `<package>:<name>`). */
export const catalogPath = (root: string, catalog: string, locale: 'en' | 'ar') => {
  const [pkg = catalog, name = 'messages'] = catalog.split(':');
  return path.join(root, pkg, 'src', 'locales', locale, `${name}.po`);
};

export const arabicCatalogPath = (root: string, catalog: string) => catalogPath(root, catalog, 'ar');

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
