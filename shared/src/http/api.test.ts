import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type {
  Company,
  Follows,
  Interest,
  Invitation,
  Ok,
  PagedOf,
  ProposalSubmitted,
  Tender,
} from '../contracts/index.ts';
import { getData, sendData } from './api.ts';
import { errorMessageOf } from './client.ts';

/** The network is the one thing faked here: what the API would answer, and what the helpers sent. */
function answer(status: number, body: unknown) {
  const sent: { method: string; url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      sent.push({ method: input.method, url: input.url, body: await input.text() });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getData / sendData', () => {
  it("return the answer's data", async () => {
    const page = { items: [{ id: 1, name: 'Doha' }], pageCount: 1, totalItems: 1 };
    const sent = answer(200, { data: page });
    expect(await getData('companies')).toEqual(page);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/companies');
  });

  it('leave unset query values out of the URL', async () => {
    const sent = answer(200, { data: { items: [], pageCount: 0, totalItems: 0 } });
    await getData('admin/tenders', {
      searchParams: { page: 2, title: 'Bond', approvalStatus: '', status: undefined },
    });
    expect(new URL(sent[0]!.url).search).toBe('?page=2&title=Bond');
  });

  it('send the body as JSON with the method asked for', async () => {
    const sent = answer(200, { data: { id: 3, title: 'Lusail' } });
    expect(await sendData('patch', 'tenders/3', { json: { title: 'Lusail' } as never })).toEqual({
      id: 3,
      title: 'Lusail',
    });
    expect(sent[0]).toMatchObject({ method: 'PATCH' });
    expect(JSON.parse(sent[0]!.body)).toEqual({ title: 'Lusail' });
  });

  it('fail with the HTTP error on a refusal (the shell shows it; the caller may catch it)', async () => {
    answer(409, { statusCode: 409, error: 'Conflict', code: 'OWN_TENDER', message: 'No.' });
    await expect(
      sendData('post', 'interests', { json: { tender: 1 }, context: { silent: true } }),
    ).rejects.toMatchObject({ response: { status: 409 } });
  });

  it("type every call with the contract's types (checked by the type-check step)", () => {
    expectTypeOf(getData<'companies/7'>).returns.resolves.toEqualTypeOf<Company>();
    expectTypeOf(getData<'tenders'>).returns.resolves.toEqualTypeOf<PagedOf<Tender>>();
    expectTypeOf(sendData<'put', 'proposals/4'>).returns.resolves.toEqualTypeOf<ProposalSubmitted>();
    expectTypeOf(getData<'tenders/7/invitations'>).returns.resolves.toEqualTypeOf<Invitation[]>();
    expectTypeOf(getData<'follows'>).returns.resolves.toEqualTypeOf<Follows>();
    expectTypeOf(sendData<'post', 'tenders/7/invitations'>).returns.resolves.toEqualTypeOf<Invitation>();
    expectTypeOf(sendData<'post', 'tenders/7/interests/2/reject'>).returns.resolves.toEqualTypeOf<Interest>();
    expectTypeOf(sendData<'delete', 'follows/3'>).returns.resolves.toEqualTypeOf<Ok>();
    // Never called: these lines are here for the type-check step, which fails if they compile.
    const refusedByTheCompiler = () => {
      // @ts-expect-error: a path the API does not have does not compile.
      void getData('tender/7');
      // @ts-expect-error: nor does a body that is not the contract's.
      void sendData('post', 'interests', { json: { tender: 'x' } });
      // @ts-expect-error: a rejection's reason is a string (RejectionBody).
      void sendData('post', 'requests/5/reject', { json: { reason: 5 } });
      // @ts-expect-error: an approval takes no body.
      void sendData('post', 'requests/5/approve', { json: { reason: 'No.' } });
    };
    expectTypeOf(refusedByTheCompiler).toBeFunction();
  });
});

describe('errorMessageOf', () => {
  it("gives the server's message of a refused call (which pages show inline)", async () => {
    answer(409, { statusCode: 409, error: 'Conflict', code: 'ALREADY_INVITED', message: 'Already invited' });
    const error = await getData('companies').catch((e: unknown) => e);
    expect(await errorMessageOf(error)).toBe('Already invited');
  });

  it('gives null for something that is not an HTTP error', async () => {
    expect(await errorMessageOf(new Error('offline'))).toBeNull();
  });
});
