import net from 'node:net';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../src/app.ts';
import { BIDDER, call, login, makeApp, multipart, type TestApp } from './helpers.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await makeApp();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'owner@bawaba.qa', password: 'Bawaba2026!' },
  });
  token = login.json().data.accessToken;
});
afterAll(async () => {
  await app.cleanup();
});

describe('security headers on API answers', () => {
  it('JSON may load or run nothing, is never framed or sniffed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only over https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers for a signed-in user are not stored; errors carry the policy too', async () => {
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(missing.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('the OpenAPI page gets its own policy (scripts from self only)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  });
});

/** What @fastify/helmet itself sets per request with the API's options (how the API applied them before). */
async function helmetReference(): Promise<Record<string, string>> {
  const ref = Fastify({ logger: false });
  await ref.register(helmet, HELMET_OPTIONS);
  ref.get('/', async () => ({}));
  const res = await ref.inject({ method: 'GET', url: '/' });
  await ref.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k]) => !own.has(k))
      .map(([k, v]) => [k, String(v)]),
  );
}

describe('the security header set, computed once, on every kind of answer', () => {
  it('every answer carries exactly what helmet sets (JSON, cached directory pages, errors, 404, uploads)', async () => {
    const expected = await helmetReference();
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(expected['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';sandbox");
    const bidder = await login(app, BIDDER);
    const m = multipart('logo', 'x.png', Buffer.from('not a png'));
    const answers = [
      await call(app, 'GET', '/health'),
      // The directory twice per caller: the second is the cached page, sent without an await.
      await call(app, 'GET', '/companies', { query: { page: '1', limit: '5' } }),
      await call(app, 'GET', '/companies', { query: { page: '1', limit: '5' } }),
      await call(app, 'GET', '/companies', { token: bidder, query: { page: '1', limit: '5' } }),
      await call(app, 'GET', '/companies', { token: bidder, query: { page: '1', limit: '5' } }),
      await call(app, 'GET', '/companies', { query: { page: 'x' } }), // 422
      await call(app, 'GET', '/users/me'), // 401
      await call(app, 'GET', '/users/me', { token: 'forged' }), // 401
      await call(app, 'GET', '/companies/999999'), // 404
      await call(app, 'GET', '/no-such-route'), // 404 (no route)
      // Multipart is read by the upload route only: elsewhere the body is not read (no body: 422), as before.
      await call(app, 'POST', '/auth/login', { payload: m.payload, headers: m.headers }),
      await call(app, 'POST', '/files/upload', { token: bidder, payload: m.payload, headers: m.headers }),
    ];
    expect(answers.map((a) => a.status)).toEqual([
      200, 200, 200, 200, 200, 422, 401, 401, 404, 404, 422, 415,
    ]);
    for (const a of answers) {
      for (const [name, value] of Object.entries(expected)) expect(a.res.headers[name]).toBe(value);
      expect(a.res.headers['strict-transport-security']).toBeUndefined();
    }
    // Signed-in answers (the cached directory page too) are never stored by the browser or a proxy.
    expect(answers[3]!.res.headers['cache-control']).toBe('no-store');
    expect(answers[4]!.res.headers['cache-control']).toBe('no-store');
    expect(answers[2]!.res.headers['cache-control']).toBeUndefined();
  });

  it('the event stream (which writes its own head) carries the set too', async () => {
    const expected = await helmetReference();
    const bidder = await login(app, BIDDER);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      let got = '';
      socket.on('data', (b) => {
        got += b.toString('latin1');
        const end = got.indexOf('\r\n\r\n');
        if (end >= 0) {
          socket.destroy();
          resolve(got.slice(0, end));
        }
      });
      socket.on('error', reject);
      socket.write(
        `GET /api/v1/notification/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bidder}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    for (const [name, value] of Object.entries(expected)) expect(headers[name]).toBe(value);
  });
});
