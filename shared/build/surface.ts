/**
 * The compatibility contract between the host and the remotes, computed from source at build time and written
 * into every build (`release.json`, see ./release.ts):
 *
 * - what a HOST PROVIDES: the runtime names each shared singleton entry of `@bawaba/shared` exports (the host's
 *   build is the one whose copy every remote gets on the composed site), and the version of every singleton;
 * - what a REMOTE NEEDS: the names it imports from those entries, and the singleton versions it was built with.
 *
 * The host compares the two before it renders a remote (host/src/federation/compatibility.ts). Names, not only
 * version numbers: a remote that uses one component more than this host provides is caught precisely and the
 * diagnostic names it. Types (`import type`, `type X` specifiers, interfaces) cost nothing at runtime and are left
 * out. The parser is SWC's (already the compiler of every build).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';

/** entry specifier ('@bawaba/shared', '@bawaba/shared/forms', …) → sorted runtime names. */
export type Surface = Record<string, string[]>;

const SHARED_PACKAGE = '@bawaba/shared';
const sharedDir = path.resolve(import.meta.dirname, '..');

interface SwcNode {
  type: string;
  [key: string]: unknown;
}

function parse(file: string): SwcNode[] {
  const source = readFileSync(file, 'utf8');
  const tsx = file.endsWith('.tsx');
  const module = parseSync(source, { syntax: 'typescript', tsx, decorators: false }) as unknown as {
    body: SwcNode[];
  };
  return module.body;
}

const nameOf = (node: SwcNode | undefined): string =>
  node ? String((node as { value?: unknown }).value ?? '') : '';

function resolveRelative(from: string, request: string): string {
  const candidate = path.resolve(path.dirname(from), request);
  for (const file of [candidate, `${candidate}.ts`, `${candidate}.tsx`, path.join(candidate, 'index.ts')])
    if (existsSync(file) && !file.endsWith('/')) return file;
  throw new Error(`surface: cannot resolve ${request} from ${from}`);
}

/** The runtime names a module exports, following `export * from './x'` within the package. */
export function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  for (const item of parse(file)) {
    switch (item.type) {
      case 'ExportDeclaration': {
        const decl = item.declaration as SwcNode;
        if (decl.type === 'VariableDeclaration')
          for (const d of decl.declarations as SwcNode[]) names.add(nameOf(d.id as SwcNode));
        else if (decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration')
          names.add(nameOf(decl.identifier as SwcNode));
        else if (decl.type === 'TsEnumDeclaration') names.add(nameOf(decl.id as SwcNode));
        break; // interfaces, type aliases: no runtime name
      }
      case 'ExportNamedDeclaration': {
        if (item.typeOnly) break;
        for (const spec of item.specifiers as SwcNode[]) {
          if (spec.isTypeOnly) continue;
          const exported = (spec.exported as SwcNode | null) ?? (spec.orig as SwcNode);
          names.add(nameOf(spec.type === 'ExportNamespaceSpecifier' ? (spec.name as SwcNode) : exported));
        }
        break;
      }
      case 'ExportAllDeclaration': {
        const request = nameOf(item.source as SwcNode);
        if (!request.startsWith('.'))
          throw new Error(
            `surface: 'export * from ${request}' in ${file} cannot be listed; name the exports`,
          );
        for (const name of exportedNames(resolveRelative(file, request), seen)) names.add(name);
        break;
      }
      case 'ExportDefaultDeclaration':
      case 'ExportDefaultExpression':
        names.add('default');
        break;
    }
  }
  return names;
}

/** The `@bawaba/shared` entries that are federation singletons (the host's copy is the one every remote gets). */
export function sharedEntries(singletons: readonly string[]): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const entries: Record<string, string> = {};
  for (const key of singletons) {
    if (key !== SHARED_PACKAGE && !key.startsWith(`${SHARED_PACKAGE}/`)) continue;
    const subpath = `.${key.slice(SHARED_PACKAGE.length)}`;
    const target = manifest.exports[subpath];
    if (!target) throw new Error(`surface: ${key} is not an export of ${SHARED_PACKAGE}`);
    entries[key] = path.join(sharedDir, target);
  }
  return entries;
}

/** What a host built from this tree provides: every singleton entry's runtime names. */
export function providedSurface(singletons: readonly string[]): Surface {
  const surface: Surface = {};
  for (const [entry, file] of Object.entries(sharedEntries(singletons)))
    surface[entry] = [...exportedNames(file)].sort();
  return surface;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^test-utils\.|\.d\.ts$/.test(entry.name))
      files.push(full);
  }
  return files;
}

/**
 * What an app's source needs from the shared singleton entries: the names it imports (or re-exports) from each —
 * also through the non-singleton entries of `@bawaba/shared` it imports (`/contracts`, `/rules`,
 * `/chakra-bundled`: bundled into the app, but what they import from the singletons comes from the host). A
 * namespace import would need everything and is refused, so that the list stays exact.
 */
export function neededSurface(srcDir: string, singletons: readonly string[]): Surface {
  const entries = new Set(Object.keys(sharedEntries(singletons)));
  const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const needs = new Map<string, Set<string>>();
  const need = (entry: string, name: string) => {
    if (!needs.has(entry)) needs.set(entry, new Set());
    needs.get(entry)?.add(name);
  };
  const scanned = new Set<string>();
  const queue = sourceFiles(srcDir).map((file) => ({ file, followRelative: false }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { file, followRelative } = next;
    if (scanned.has(file)) continue;
    scanned.add(file);
    for (const item of parse(file)) {
      if (!['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(item.type))
        continue;
      const request = nameOf(item.source as SwcNode | undefined);
      if (!request || item.typeOnly) continue;
      if (followRelative && request.startsWith('.')) {
        queue.push({ file: resolveRelative(file, request), followRelative: true });
        continue;
      }
      if (!entries.has(request)) {
        // A non-singleton entry of the shared package: bundled into the app, so what IT needs counts too.
        const target = request.startsWith(`${SHARED_PACKAGE}/`)
          ? manifest.exports[`.${request.slice(SHARED_PACKAGE.length)}`]
          : undefined;
        if (target && /\.tsx?$/.test(target))
          queue.push({ file: path.join(sharedDir, target), followRelative: true });
        continue;
      }
      for (const spec of (item.specifiers as SwcNode[] | undefined) ?? []) {
        if (spec.isTypeOnly) continue;
        if (spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ExportNamespaceSpecifier')
          throw new Error(`surface: 'import * as' from ${request} in ${file}: import the names you use`);
        if (spec.type === 'ImportDefaultSpecifier') need(request, 'default');
        else if (spec.type === 'ImportSpecifier')
          need(request, nameOf((spec.imported as SwcNode | null) ?? (spec.local as SwcNode)));
        else need(request, nameOf(spec.orig as SwcNode));
      }
    }
  }
  return Object.fromEntries(
    [...needs.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([entry, names]) => [entry, [...names].sort()]),
  );
}
