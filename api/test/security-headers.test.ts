import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

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
