import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Ad, Follow, Follows, Ok, PagedOf } from '../contracts/index.ts';
import { activeAd, adminAds, call, follow, refusalMessageOf, unfollow, updateAd } from './call.ts';
import { type HttpEvent, onHttpEvent } from './client.ts';

/** The network is the one thing faked here: what the API would answer, and what the call sent. */
function answer(status: number, body: unknown) {
  const sent: { method: string; url: string; body: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      sent.push({ method: input.method, url: input.url, body: await input.text(), headers: input.headers });
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call: a route of the contract through the one client', () => {
  it("answers the data, from the route's method and path", async () => {
    const sent = answer(200, { data: null });
    expect(await call(activeAd)).toBeNull();
    expect(sent[0]).toMatchObject({ method: 'GET' });
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/ads/active');
  });

  it('fills the path parameters (encoded) and sends the body as JSON', async () => {
    const sent = answer(200, { data: { id: 3, title: 'Lusail' } });
    expect(await call(updateAd, { params: { id: 3 }, body: { title: 'Lusail' } })).toEqual({
      id: 3,
      title: 'Lusail',
    });
    expect(sent[0]).toMatchObject({ method: 'PATCH' });
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/admin/ads/3');
    expect(JSON.parse(sent[0]!.body)).toEqual({ title: 'Lusail' });
    const again = answer(200, { data: { ok: true } });
    await call(unfollow, { params: { id: 'a/b' } });
    expect(new URL(again[0]!.url).pathname).toBe('/api/v1/follows/a%2Fb');
  });

  it('leaves unset query values out of the URL', async () => {
    const sent = answer(200, { data: { items: [], pageCount: 0, totalItems: 0 } });
    await call(adminAds, { query: { page: 2, search: '', limit: undefined } });
    expect(new URL(sent[0]!.url).search).toBe('?page=2');
  });

  it('sends the idempotency key and other headers it is given', async () => {
    const sent = answer(201, { data: { id: 1 } });
    await call(follow, {
      body: { service: 4 },
      idempotencyKey: '2f1d0c8e-6b7a-4c3d-9e8f-0a1b2c3d4e5f',
      headers: { 'X-Trace': 'seen' },
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('2f1d0c8e-6b7a-4c3d-9e8f-0a1b2c3d4e5f');
    expect(sent[0]!.headers.get('x-trace')).toBe('seen');
  });

  it('fails with the HTTP error on a refusal (the shell shows it; the caller may catch it)', async () => {
    answer(409, { statusCode: 409, error: 'Conflict', code: 'ALREADY_FOLLOWING', message: 'No.' });
    await expect(call(follow, { body: { service: 4 }, context: { silent: true } })).rejects.toMatchObject({
      response: { status: 409 },
    });
  });

  it("types every call with the contract's types (checked by the type-check step)", () => {
    // Never called: these lines are here for the type-check step, which fails if they compile.
    const refusedByTheCompiler = async () => {
      expectTypeOf(await call(adminAds)).toEqualTypeOf<PagedOf<Ad>>();
      expectTypeOf(await call(activeAd)).toEqualTypeOf<Ad | null>();
      expectTypeOf(await call(follow, { body: { service: 1 } })).toEqualTypeOf<Follow>();
      expectTypeOf(await call(unfollow, { params: { id: 1 } })).toEqualTypeOf<Ok>();
      // @ts-expect-error: a route with path parameters needs them.
      void call(unfollow);
      // @ts-expect-error: a body that is not the contract's does not compile.
      void call(follow, { body: { service: 'x' } });
      // @ts-expect-error: a route without a body takes none.
      void call(unfollow, { params: { id: 1 }, body: {} });
      // @ts-expect-error: a query key the route does not read does not compile.
      void call(adminAds, { query: { title: 'x' } });
      expectTypeOf(await call(activeAd)).not.toEqualTypeOf<Follows>();
    };
    expectTypeOf(refusedByTheCompiler).toBeFunction();
  });
});

describe('refusalMessageOf: a silent call refused, for the place that shows it', () => {
  /** What the shell is told (its popups and sign-out listen here). */
  async function refusedWith(status: number, code: string) {
    answer(status, { statusCode: status, error: 'Refused', code, message: `Refused ${status}.` });
    const told: HttpEvent[] = [];
    const stop = onHttpEvent((e) => {
      if (e.type === 'error') told.push(e);
    });
    const error = await call(follow, { body: { service: 4 }, context: { silent: true } }).catch((e) => e);
    const message = await refusalMessageOf(error);
    stop();
    return { message, told };
  }

  it('answers the translated message of a business refusal and tells the shell nothing more', async () => {
    const { message, told } = await refusedWith(409, 'ALREADY_FOLLOWING');
    expect(message).toBe('Refused 409.');
    expect(told).toEqual([expect.objectContaining({ status: 409, silent: true })]);
  });

  it('hands a 401 or 403 to the shell as a call that is not silent (which signs the user out)', async () => {
    for (const [status, code] of [
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
    ] as const) {
      const { message, told } = await refusedWith(status, code);
      expect(message).toBe(`Refused ${status}.`);
      expect(told).toEqual([
        expect.objectContaining({ status, silent: true }),
        expect.objectContaining({ status, code, silent: false }),
      ]);
    }
  });
});
