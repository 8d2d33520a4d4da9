import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ seed: false });
});
afterAll(async () => {
  await app.cleanup();
});

describe('health and errors', () => {
  it('reports ok and which database is in use', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: DATABASE_URL ? 'postgres' : 'pglite' } });
  });

  it('answers unknown routes with the error shape, in Arabic when asked', async () => {
    const en = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'This address does not exist',
      code: 'ROUTE_NOT_FOUND',
    });
    const ar = await app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'accept-language': 'ar' } });
    expect(ar.json().message).toBe('هذا العنوان غير موجود');
  });
});
