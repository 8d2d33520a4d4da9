import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ seed: false });
});
afterAll(async () => {
  await app.cleanup();
});

describe('OpenAPI', () => {
  it('documents every route with the request schemas from the contracts', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/companies',
      '/api/v1/requests',
      '/api/v1/tenders',
      '/api/v1/proposals',
      '/api/v1/files/upload',
      '/api/v1/notification/subscribe',
      '/api/v1/bo-setting',
    ]) {
      expect(paths).toContain(p);
    }
    const req = doc.paths['/api/v1/requests'].post.requestBody.content['application/json'].schema;
    expect(req.required).toEqual(
      expect.arrayContaining([
        'name',
        'email',
        'phone',
        'services',
        'project_title',
        'description',
        'company',
      ]),
    );
    expect(req.properties.description.maxLength).toBe(500);
    expect(doc.paths['/api/v1/users/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('serves a browsable page', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
  });

  it('still validates with valibot (the JSON schemas are documentation only)', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x' } });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/^email: /);
  });
});
