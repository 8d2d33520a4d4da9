// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasServerEntry } from './server-entry.ts';

/** A remote's origin: what each path answers, and how many times each was asked. */
const answers: Record<string, { status: number; type?: string }> = {
  '/now/server/remoteEntry.js': { status: 200, type: 'application/javascript; charset=UTF-8' },
  '/old/server/remoteEntry.js': { status: 404 },
  '/spa/server/remoteEntry.js': { status: 200, type: 'text/html; charset=utf-8' },
  '/flaky/server/remoteEntry.js': { status: 503 },
};
const asked = new Map<string, number>();
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    const answer = answers[path] ?? { status: 404 };
    response.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a release’s server entry', () => {
  it('is there when the release serves JavaScript at its place, asked once per release', async () => {
    const entry = `${origin}/now/server/remoteEntry.js?release=a`;
    expect(await hasServerEntry(entry)).toBe(true);
    expect(await hasServerEntry(entry)).toBe(true);
    expect(asked.get('/now/server/remoteEntry.js')).toBe(1);
    // Another release at the same place (a redeploy) is asked afresh.
    expect(await hasServerEntry(`${origin}/now/server/remoteEntry.js?release=b`)).toBe(true);
    expect(asked.get('/now/server/remoteEntry.js')).toBe(2);
  });

  it('is absent for a release without one, whether its origin answers 404 or its page', async () => {
    expect(await hasServerEntry(`${origin}/old/server/remoteEntry.js?release=a`)).toBe(false);
    expect(await hasServerEntry(`${origin}/spa/server/remoteEntry.js?release=a`)).toBe(false);
    expect(await hasServerEntry(`${origin}/old/server/remoteEntry.js?release=a`)).toBe(false);
    expect(asked.get('/old/server/remoteEntry.js')).toBe(1);
  });

  it('is asked again after an answer that says nothing (a server error, no server)', async () => {
    const entry = `${origin}/flaky/server/remoteEntry.js?release=a`;
    await expect(hasServerEntry(entry)).rejects.toThrow('answered 503');
    answers['/flaky/server/remoteEntry.js'] = { status: 200, type: 'text/javascript' };
    expect(await hasServerEntry(entry)).toBe(true);
    expect(asked.get('/flaky/server/remoteEntry.js')).toBe(2);
    await expect(hasServerEntry('http://127.0.0.1:1/server/remoteEntry.js?release=a')).rejects.toThrow();
  });
});
