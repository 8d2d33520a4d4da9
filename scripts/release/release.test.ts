/**
 * The release command's refusals, run on a throwaway clone of this repository (node --test; a step of
 * `./bawaba test`). A refusal happens before any build, so the clone needs no install.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT } from '../lib.ts';

let clone = '';
before(() => {
  clone = path.join(mkdtempSync(path.join(tmpdir(), 'bawaba-release-')), 'repo');
  execFileSync('git', ['clone', '--quiet', ROOT, clone]);
  execFileSync('git', ['-C', clone, 'config', 'user.email', 'release-test@bawaba.qa']);
  execFileSync('git', ['-C', clone, 'config', 'user.name', 'release test']);
});
after(() => rmSync(path.dirname(clone), { recursive: true, force: true }));

const release = (app: string) =>
  spawnSync(process.execPath, ['scripts/release/release.ts', app], { cwd: clone, encoding: 'utf8' });
const manifest = () => path.join(clone, 'remote-tenders', 'package.json');
function setVersion(version: string) {
  const text = readFileSync(manifest(), 'utf8').replace(/"version": "[^"]+"/, `"version": "${version}"`);
  writeFileSync(manifest(), text);
}

test('refuses an unknown app', () => {
  const run = release('billing');
  assert.equal(run.status, 2);
  assert.match(run.stderr, /usage: \.\/bawaba release <host\|directory\|tenders\|account>/);
});

test('refuses a version that is already released', () => {
  const run = release('tenders');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /tenders .* is already released .*: bump its version/);
});

test('refuses a new version without its changelog section, then with uncommitted changes', () => {
  setVersion('99.0.0');
  let run = release('tenders');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /CHANGELOG\.md has no "## 99\.0\.0" section/);

  const changelog = path.join(clone, 'remote-tenders', 'CHANGELOG.md');
  writeFileSync(
    changelog,
    readFileSync(changelog, 'utf8').replace('## ', '## 99.0.0\n\n- A test release.\n\n## '),
  );
  run = release('tenders');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /has uncommitted changes: a release is a commit/);
});
