import { Readable, Writable } from 'node:stream';
import { route } from '@bawaba/shared/routes';
import Fastify from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../src/context.ts';
import { serve } from '../src/route.ts';

/** A server whose log lines are kept, to see what an operator would read. */
async function serverWithLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  return { app, lines };
}

const download = route({
  method: 'GET',
  path: '/bytes',
  tag: 'files',
  summary: 'Bytes answered by the handler itself',
  access: 'public',
  response: v.unknown(),
});

describe('serve(): a handler that answers itself', () => {
  it('sends the stream once and logs no second send (GET and HEAD)', async () => {
    const { app, lines } = await serverWithLog();
    serve(app, {} as Ctx, download, async ({ reply }) => {
      reply.header('content-type', 'application/octet-stream');
      return reply.send(Readable.from([Buffer.from('abc')]));
    });
    await app.ready();
    const got = await app.inject({ method: 'GET', url: '/bytes' });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('abc');
    const head = await app.inject({ method: 'HEAD', url: '/bytes' });
    expect(head.statusCode).toBe(200);
    await app.close();
    expect(lines.join('')).not.toContain('FST_ERR_REP_ALREADY_SENT');
    expect(lines.join('')).not.toContain('already sent');
  });

  it('answers { data } with the route status when the handler returns data', async () => {
    const { app } = await serverWithLog();
    serve(app, {} as Ctx, download, async () => ({ n: 1 }));
    await app.ready();
    const got = await app.inject({ method: 'GET', url: '/bytes' });
    expect(got.json()).toEqual({ data: { n: 1 } });
    await app.close();
  });
});
