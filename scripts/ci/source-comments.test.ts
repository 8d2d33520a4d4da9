/**
 * Comments state the rule they keep, not the ticket that asked for it: a comment that cites an issue number
 * ("issue 8", "issues 8 and 22", "#12") tells the next reader nothing once the tracker has moved on. This test
 * reads every tracked source file and fails on such a comment, naming file and line.
 *
 *   pnpm exec node --test scripts/ci/source-comments.test.ts      (a step of ./bawaba test)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SOURCE = /\.(ts|tsx|cjs|mjs|js|sh)$/;
/** A line comment, a block comment's line or a JSDoc line that names an issue or ticket by number. */
const CITES_ISSUE = /(\/\/|\/\*|^\s*\*|#\s).*\b(issues?|tickets?)\s+#?\d+/i;

/** The lines of `text` that cite an issue number in a comment, as `file:line: text`. */
export function issueCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (CITES_ISSUE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

test('finds a comment that cites an issue, and leaves rules and code alone', () => {
  const sample = [
    '// Two short tasks rather than one long one (issue 8: Total Blocking Time).',
    ' * The host shell (issues 4 and 9) in the composed site.',
    '// Two short tasks rather than one long one (Total Blocking Time).',
    "const issues = result.issues.map((i) => i.message); // every issue's message",
  ].join('\n');
  assert.deepEqual(
    issueCitations('x.ts', sample).map((l) => l.split(':')[1]),
    ['1', '2'],
  );
});

test('no source comment cites an issue number', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    // This file quotes such comments as its examples.
    .filter((f) => SOURCE.test(f) && !f.includes('/locales/') && f !== 'scripts/ci/source-comments.test.ts');
  assert.ok(files.length > 100, `expected the repository's sources, found ${files.length} files`);
  const found = files.flatMap((f) => issueCitations(f, readFileSync(path.join(ROOT, f), 'utf8')));
  assert.deepEqual(
    found,
    [],
    `comments that cite an issue instead of stating the rule:\n${found.join('\n')}`,
  );
});
