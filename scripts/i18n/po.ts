import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

/**
 * The Lingui catalogs: a package's main one (`<package>`: src/locales/{en,ar}/messages.po) and its lazy ones
 * (`<package>:<name>`: src/locales/{en,ar}/<name>.po; shared/build/lingui.ts `lazy`).
 */
const PACKAGES = ['shared', 'host', 'remote-directory', 'remote-tenders', 'remote-account'];

/**
 * Every catalog of the workspace: each package's main one, then its lazy ones, as its Arabic folder holds them — read
 * from the disk, so a new lazy catalog is checked without being listed anywhere.
 */
export function catalogNames(root: string): string[] {
  return PACKAGES.flatMap((pkg) => {
    const folder = path.join(root, pkg, 'src', 'locales', 'ar');
    const lazy = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith('.po') && f !== 'messages.po')
          .map((f) => `${pkg}:${f.slice(0, -'.po'.length)}`)
          .sort()
      : [];
    return [pkg, ...lazy];
  });
}

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
