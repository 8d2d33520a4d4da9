/** One app served from a process of its own (node --test; scripts/site/serve-app.ts). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseServeArguments, serveAppProcess, serveArguments } from './serve-app.ts';

test('the arguments name the app, its build, its port, its API and its remote map, in either form', () => {
  const map = { remotes: { tenders: 'http://localhost:7802/mf-manifest.json' }, overrideOrigins: [] };
  const options = parseServeArguments([
    '--kind',
    'host',
    '--dir=/srv/host/dist',
    '--port=7800',
    '--api',
    'http://127.0.0.1:7900',
    `--remote-map=${JSON.stringify(map)}`,
  ]);
  assert.deepEqual(options, {
    kind: 'host',
    dir: '/srv/host/dist',
    port: 7800,
    apiUrl: 'http://127.0.0.1:7900',
    remoteMap: map,
  });
  assert.deepEqual(parseServeArguments(serveArguments(options)), options);
  // A plain object of manifests is the map's remotes.
  assert.deepEqual(
    parseServeArguments([
      '--kind=host',
      '--dir=/d',
      '--port=1',
      `--remote-map=${JSON.stringify(map.remotes)}`,
    ]).remoteMap,
    map,
  );
  const browserOnly = parseServeArguments(['--kind=host', '--dir=/d', '--port=1', '--no-render']);
  assert.equal(browserOnly.render, false);
  assert.deepEqual(parseServeArguments(serveArguments(browserOnly)), browserOnly);
});

test('a missing or malformed argument is refused before anything is served', () => {
  assert.throws(() => parseServeArguments(['--dir=/d', '--port=1']), /--kind/);
  assert.throws(() => parseServeArguments(['--kind=site', '--dir=/d', '--port=1']), /--kind/);
  assert.throws(() => parseServeArguments(['--kind=remote', '--port=1']), /--dir/);
  assert.throws(() => parseServeArguments(['--kind=remote', '--dir=/d', '--port=http']), /--port/);
  assert.throws(() => parseServeArguments(['--kind=remote', '--dir', '--port=1']), /--dir needs a value/);
  assert.throws(() => parseServeArguments(['remote']), /unexpected argument/);
});

test('a child process serves the build, says where, and is gone once closed', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bawaba-serve-app-'));
  try {
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body>remote</body></html>');
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'var remote = 1;');
    // Port 0: any free one, which the child says.
    const app = await serveAppProcess('remote', { kind: 'remote', dir, port: 0 });
    assert.match(app.url, /^http:\/\/localhost:[1-9]\d*$/);
    const entry = `http://127.0.0.1:${new URL(app.url).port}/remoteEntry.js`;
    const answer = await fetch(entry);
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), 'var remote = 1;');
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    // A file the build does not have is missing, not the app's page; a client route is the page.
    const origin = `http://127.0.0.1:${new URL(app.url).port}`;
    assert.equal((await fetch(`${origin}/server/remoteEntry.js?release=1`)).status, 404);
    const route = await fetch(`${origin}/company/12`);
    assert.equal(route.status, 200);
    assert.match(await route.text(), /remote/);
    await app.close();
    assert.notEqual(app.process.exitCode ?? app.process.signalCode, null);
    await assert.rejects(fetch(entry));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
