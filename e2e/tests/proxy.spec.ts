import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { serveApp } from '../../scripts/serve.ts';
import { PDF } from '../support/fixtures.ts';
import { apiLogin, DEMO, DEMO_PASSWORD } from '../support/session.ts';
import { API_URL, BASE_URL, UNREACHABLE_API } from '../support/site.ts';

/**
 * The host's /api proxy passes the API's own answer through, whatever the body or the client's headers:
 * the browser talks to the API through it only, so an answer lost here is what the user sees.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const MB = 1024 * 1024;

/** A multipart upload of `size` bytes of PDF sent through the site's origin, with content-length or chunked. */
function upload(
  token: string,
  size: number,
  options: { chunked: boolean; lang: 'en' | 'ar' },
): Promise<Answer> {
  const boundary = 'bawaba-proxy-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ntender-document\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(MB, 32);
  const fileBytes = Math.max(size, PDF.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${BASE_URL}/api/v1/files/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': options.lang,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(options.chunked
          ? { 'transfer-encoding': 'chunked' }
          : { 'content-length': String(head.length + fileBytes + tail.length) }),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // The answer may come before the body is all sent, and the rest of the body then be refused (EPIPE, reset):
    // that is not a failure as long as the answer arrives. A write error with no answer at all is one.
    req.on('error', (err) => {
      setTimeout(() => {
        if (!answered) reject(err);
      }, 2000);
    });
    req.write(head);
    req.write(PDF);
    let left = fileBytes - PDF.length;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, MB);
        left -= n;
        if (!req.write(n === MB ? filler : filler.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

function post(url: string, json: unknown, headers: Record<string, string>): Promise<Answer> {
  const body = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
    });
    // With Expect, Node's client holds the body until the server's 100 Continue (or an early answer).
    req.on('continue', () => req.end(body));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (!headers.expect) req.end(body);
  });
}

test.describe('the site proxy passes the API answer through', () => {
  let token = '';
  test.beforeAll(async () => {
    token = (await apiLogin(DEMO.bidder)).accessToken;
  });

  for (const chunked of [false, true]) {
    test(`a file over 50 MB gets the API's 413 in the user's language (${chunked ? 'streamed' : 'announced size'})`, async () => {
      test.setTimeout(90_000);
      const en = await upload(token, 51 * MB, { chunked, lang: 'en' });
      expect(en.status).toBe(413);
      // The connection stays open while the rest of the body is read and dropped: closing it under a client that
      // is still sending resets it, and the client's kernel may then throw the answer away unread.
      expect(en.headers.connection).not.toBe('close');
      expect(JSON.parse(en.body)).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: expect.stringMatching(/50 MB/),
      });
      const ar = await upload(token, 51 * MB, { chunked, lang: 'ar' });
      expect(ar.status).toBe(413);
      const arBody = JSON.parse(ar.body) as { code: string; message: string };
      expect(arBody.code).toBe('FILE_TOO_LARGE');
      expect(arBody.message).toMatch(/[\u0600-\u06FF]/);
    });
  }

  test('a request with Expect: 100-continue gets the API answer (sign-in)', async () => {
    const wrongPassword = { email: DEMO.bidder, password: 'not-the-password-1' };
    const direct = await post(`${API_URL}/auth/login`, wrongPassword, {});
    const proxied = await post(`${BASE_URL}/api/v1/auth/login`, wrongPassword, { expect: '100-continue' });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(proxied.status).toBe(direct.status);
    expect(JSON.parse(proxied.body).code).toBe(JSON.parse(direct.body).code);
    const right = await post(
      `${BASE_URL}/api/v1/auth/login`,
      { email: DEMO.bidder, password: DEMO_PASSWORD },
      { expect: '100-continue' },
    );
    expect(right.status).toBe(200);
    expect(JSON.parse(right.body).data.accessToken).toEqual(expect.any(String));
  });

  test("the proxy's own answer (API unreachable) is the error format with the security headers", async () => {
    const port = UNREACHABLE_API.host;
    const lonely = await serveApp({
      kind: 'host',
      dir: new URL('../../host/dist', import.meta.url).pathname,
      port,
      apiUrl: `http://127.0.0.1:${UNREACHABLE_API.api}`,
    });
    try {
      const answer = await post(`http://127.0.0.1:${port}/api/v1/auth/login`, { email: 'a@b.qa' }, {});
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'API_UNAVAILABLE', message: expect.any(String) });
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    } finally {
      await lonely.close();
    }
  });
});
