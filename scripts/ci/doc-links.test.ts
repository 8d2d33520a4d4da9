/**
 * Every relative link in the repository's Markdown resolves: the file (or folder) it names exists, and a `#section`
 * names a heading of that file. Docs move as the code moves; a link that silently points nowhere sends the next
 * reader to a dead end. Links to other sites (http, https, mailto) are not fetched.
 *
 *   pnpm exec node --test scripts/ci/doc-links.test.ts      (a step of ./bawaba test)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (outside code fences), with GitHub's -1, -2 for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a Markdown text (inline links and images), outside code fences and code spans. */
export function relativeLinks(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let inFence = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) return;
    const text = line.replace(/`[^`]*`/g, '');
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ target, line: i + 1 });
    }
  });
  return links;
}

/** Problems with the relative links of `file` (a path from the root), as `file:line: target — why`. */
export function brokenLinks(
  file: string,
  read: (p: string) => string | undefined,
  exists: (p: string) => 'file' | 'folder' | undefined,
): string[] {
  const text = read(file);
  if (text === undefined) return [];
  return relativeLinks(text).flatMap(({ target, line }) => {
    const [pathPart = '', anchor] = target.split('#');
    const resolved =
      pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    const where = `${file}:${line}: ${target}`;
    if (resolved.startsWith('..')) return [`${where} — leaves the repository`];
    const kind = exists(resolved);
    if (kind === undefined) return [`${where} — no such file`];
    if (anchor === undefined || anchor === '' || kind === 'folder' || !resolved.endsWith('.md')) return [];
    const body = read(resolved);
    if (body === undefined || !anchorsOf(body).has(decodeURIComponent(anchor))) {
      return [`${where} — no heading "#${anchor}" in ${resolved}`];
    }
    return [];
  });
}

test('anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  const md = [
    '# Releases: each app on its own',
    '## Behind nginx',
    '```',
    '# not a heading',
    '```',
    '## Behind nginx',
  ];
  assert.deepEqual(
    [...anchorsOf(md.join('\n'))],
    ['releases-each-app-on-its-own', 'behind-nginx', 'behind-nginx-1'],
  );
  assert.equal(
    headingAnchor('How `pnpm` and Chakra are shared (Module Federation 2)'),
    'how-pnpm-and-chakra-are-shared-module-federation-2',
  );
});

test('finds a link to a missing file and to a missing heading, and leaves the web and code alone', () => {
  const files: Record<string, string> = {
    'docs/a.md': [
      '# A',
      'See [b](b.md), [gone](gone.md), [b’s part](b.md#part), [no part](b.md#nothing), [here](#a).',
      '[site](https://example.com) and `[code](nowhere.md)`',
    ].join('\n'),
    'docs/b.md': '# B\n## Part\n',
  };
  const found = brokenLinks(
    'docs/a.md',
    (p) => files[p],
    (p) => (p in files ? 'file' : undefined),
  );
  assert.deepEqual(found, [
    'docs/a.md:2: gone.md — no such file',
    'docs/a.md:2: b.md#nothing — no heading "#nothing" in docs/b.md',
  ]);
});

test('every relative link in the Markdown of the repository resolves', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && !f.includes('node_modules/') && existsSync(path.join(ROOT, f)));
  const read = (p: string) => {
    const full = path.join(ROOT, p);
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
  };
  const exists = (p: string) => {
    const full = path.join(ROOT, p);
    if (!existsSync(full)) return undefined;
    return statSync(full).isDirectory() ? 'folder' : 'file';
  };
  const broken = files.flatMap((f) => brokenLinks(f, read, exists));
  assert.deepEqual(broken, [], `links that point nowhere:\n${broken.join('\n')}`);
});
