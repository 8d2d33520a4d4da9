import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ok } from '@bawaba/shared/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponsesAgainst, operationOf, responseSchemaOf } from '../src/openapi.ts';
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

  it("passes Redocly's recommended rules with no error and no warning (api/redocly.yaml says what is off and why)", async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const dir = mkdtempSync(join(tmpdir(), 'bawaba-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, r.body);
      const api = new URL('..', import.meta.url).pathname;
      let out = '';
      try {
        out = execFileSync(
          join(api, 'node_modules/.bin/redocly'),
          ['lint', file, '--config', join(api, 'redocly.yaml'), '--format=json'],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          },
        );
      } catch (failed) {
        out = String((failed as { stdout?: string }).stdout ?? '');
      }
      const report = JSON.parse(out) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every operation has an operationId, a security requirement, a success answer with `data` and its 4xx answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>
      >;
    };
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toBeTruthy();
        expect(ids.has(op.operationId!), where).toBe(false);
        ids.add(op.operationId!);
        expect(Array.isArray(op.security), where).toBe(true);
        const codes = Object.keys(op.responses);
        expect(
          codes.some((c) => /^2|^3/.test(c)),
          where,
        ).toBe(true);
        expect(
          codes.some((c) => c.startsWith('4')),
          where,
        ).toBe(true);
      }
    }
  });

  it('every JSON success answer documents the schema of its `data` (from the contracts); the others name their media type', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const undocumented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
        if (!success) continue;
        const content = success[1].content ?? {};
        const json = content['application/json']?.schema as
          | { properties?: { data?: object } & Record<string, object> }
          | undefined;
        // An envelope documents its `data`; a bare JSON document (the open-data packages) its own properties.
        const documented = json
          ? Object.keys(json.properties?.data ?? json.properties ?? {}).length > 0
          : Object.keys(content).length > 0;
        if (!documented) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('the test hook answers 500 when a success body drifts from its documented schema or has none', async () => {
    const probe = Fastify();
    const responses = new Map();
    probe.addHook('onRoute', (r) => {
      const schema = responseSchemaOf(r.schema);
      if (schema) responses.set(`${r.method} ${r.url}`, schema);
    });
    checkResponsesAgainst(probe, responses);
    const entry = {
      method: 'GET',
      path: '/kept',
      tag: 'probe',
      summary: 'Documented',
      access: 'public',
    } as const;
    const documented = { schema: { ...operationOf({ ...entry, response: Ok }), response: undefined } };
    probe.get('/kept', documented, async () => ({ data: { ok: true } }));
    probe.get('/drifted', documented, async () => ({ data: { ok: 'yes' } }));
    probe.get('/undocumented', async () => ({ data: { ok: true } }));
    const answer = async (url: string) => {
      const r = await probe.inject({ method: 'GET', url });
      return { status: r.statusCode, code: r.json().code as string | undefined };
    };
    expect(await answer('/kept')).toEqual({ status: 200, code: undefined });
    expect(await answer('/drifted')).toEqual({ status: 500, code: 'RESPONSE_SCHEMA' });
    expect(await answer('/undocumented')).toEqual({ status: 500, code: 'RESPONSE_UNDOCUMENTED' });
    await probe.close();
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
