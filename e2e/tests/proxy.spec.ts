import { request as httpRequest } from 'node:http';
import { LINGER, serveApp } from '../../scripts/site/serve.ts';
import { PDF } from '../support/fixtures.ts';
import { apiLogin, DEMO, DEMO_PASSWORD } from '../support/session.ts';
import { API_URL, BASE_URL, UNREACHABLE_API } from '../support/site.ts';
import { expect, test } from '../support/test.ts';

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
/** How many times each oversized upload is sent: a lost answer is occasional, so one try proves little. */
const TRIES = 20;

/**
 * A multipart upload of `size` bytes of PDF sent through the site's origin, with content-length or chunked. The
 * client sends its whole body whatever the server says; with `readLate` it reads its socket only once the body is
 * all sent (as many HTTP clients do), so an answer the server resets the connection under is lost to it.
 */
function upload(
  token: string,
  size: number,
  options: { chunked: boolean; lang: 'en' | 'ar'; readLate?: boolean },
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
    if (options.readLate) req.once('socket', (socket) => socket.pause());
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
        if (!answered)
          reject(new Error(`no answer after ${fileBytes - left} bytes of the file (${err.message})`));
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
      req.end(tail, () => req.socket?.resume());
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
    test(`a file over 50 MB gets the API's 413 in the user's language (${chunked ? 'streamed' : 'announced size'}, ${TRIES} tries)`, async () => {
      test.setTimeout(240_000);
      for (let i = 0; i < TRIES; i++) {
        // Every other client reads its answer only once it has sent everything.
        const readLate = i % 2 === 1;
        const lang = i % 4 < 2 ? 'en' : 'ar';
        const answer = await upload(token, 51 * MB, { chunked, lang, readLate }).catch(
          (err: Error) => ({ status: 0, headers: {}, body: `${err.message}` }) as Answer,
        );
        const attempt = `try ${i + 1} (${lang}${readLate ? ', reading late' : ''}): ${answer.body}`;
        expect(answer.status, attempt).toBe(413);
        // The connection stays open while the rest of the body is read and dropped: closing it under a client
        // that is still sending resets it, and the client's kernel may then throw the answer away unread.
        expect(answer.headers.connection, attempt).not.toBe('close');
        const body = JSON.parse(answer.body) as { code: string; message: string };
        expect(body.code, attempt).toBe('FILE_TOO_LARGE');
        expect(body.message, attempt).toMatch(lang === 'en' ? /50 MB/ : /[\u0600-\u06FF]/);
      }
    });
  }

  test('a client that keeps sending past the bound of what is read and dropped is cut off', async () => {
    test.setTimeout(120_000);
    const size = 6 * LINGER.bytes;
    const cut = await upload(token, size, { chunked: false, lang: 'en', readLate: true }).then(
      (answer) => `answered ${answer.status}`,
      (err: Error) => err.message,
    );
    const sent = Number(/after (\d+) bytes/.exec(cut)?.[1]);
    // The API reads and drops up to its bound, then the site up to its own: well short of the whole body.
    expect(sent, cut).toBeGreaterThan(LINGER.bytes);
    expect(sent, cut).toBeLessThan(3 * LINGER.bytes);
  });

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
      render: false,
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
