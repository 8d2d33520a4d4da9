import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '../src/app.ts';
import { ERRORS } from '../src/errors.ts';
import {
  BIDDER,
  bearer,
  login,
  logoPng,
  makeApp,
  multipart,
  rowCount,
  SAMPLE_PDF,
  STORES,
  type StoreKind,
  type TestApp,
} from './helpers.ts';

/**
 * Hostile uploads: too big (announced or streamed), content that lies about its extension, zip bombs dressed
 * as .docx/.xlsx, and path tricks in file names. Each is refused with a translated message, and nothing is left
 * behind: no row in `files`, no file (finished, partial or temp) anywhere under DATA_DIR, no object in the store.
 * Run on both stores: DATA_DIR/files and an S3 bucket (test/s3-helpers.ts).
 */

let app: TestApp;
let token: string;
let base: string;
const MB = 1024 * 1024;
/** How many times each oversized body is sent: a lost answer is occasional, so one try proves little. */
const TRIES = 20;

async function setUp(store: StoreKind) {
  app = await makeApp({
    store,
    env: { rateLimits: { login: 1000, register: 1000, forgot: 1000, upload: 1000, windowMs: 60_000 } },
  });
  token = await login(app, BIDDER);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Every file under DATA_DIR (uploads, partial uploads, anything else) with its size. */
function disk(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${p}:${statSync(p).size}`);
    }
  };
  walk(app.ctx.config.dataDir);
  return out.sort().join('\n');
}

/** Every object in the store (for the local store, the same files as under DATA_DIR/files). */
const objects = async () => (await app.ctx.fileStore.list()).sort();

async function send(purpose: string, filename: string, bytes: Buffer, lang = 'en') {
  const m = multipart(purpose, filename, bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/files/upload',
    headers: { ...m.headers, ...bearer(token), 'accept-language': lang },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: string; message: string } };
}

/** Asserts the upload is refused with `code` in both languages and leaves no trace. */
async function refused(purpose: string, filename: string, bytes: Buffer, code: keyof typeof ERRORS) {
  const before = { disk: disk(), rows: await rowCount(app, 'files'), objects: await objects() };
  for (const lang of ['en', 'ar'] as const) {
    const r = await send(purpose, filename, bytes, lang);
    expect(r.status, `${filename}: ${JSON.stringify(r.body)}`).toBe(ERRORS[code].status);
    expect(r.body.code, filename).toBe(code);
    expect(r.body.message.startsWith(ERRORS[code][lang]), r.body.message).toBe(true);
  }
  expect(disk()).toBe(before.disk);
  expect(await rowCount(app, 'files')).toBe(before.rows);
  expect(await objects()).toEqual(before.objects);
}

/**
 * An upload written to a real socket: the file part's header, `first`, then zeros until `total` bytes went out
 * or the server answered. With `announce` the request declares `total` as its length (and is never finished:
 * the server must answer first); without, it has no length and ends after `total` bytes. Resolves with the
 * answer and how many bytes had been sent when it came.
 * With `readLate` the client is one that sends its whole body before it reads the answer (as many HTTP clients
 * do): it announces exactly `total` bytes, sends them all, and only then reads its socket. A server that closes
 * the connection after an early answer resets it under such a client, whose answer is then lost.
 */
function streamUpload(o: {
  purpose?: string;
  filename?: string;
  /** Another route than the upload's, sent a JSON body of zeros' worth of spaces instead of a file part. */
  path?: string;
  json?: boolean;
  total: number;
  first?: Buffer;
  announce?: boolean;
  readLate?: boolean;
  lang?: 'en' | 'ar';
}): Promise<{ status: number; body: string; sent: number }> {
  let sent = 0;
  return new Promise((resolve, reject) => {
    const req = request(`${base}${o.path ?? `/api/v1/files/upload?purpose=${o.purpose}`}`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': o.json ? 'application/json' : 'multipart/form-data; boundary=x',
        ...(o.lang ? { 'accept-language': o.lang } : {}),
        ...(o.announce || o.readLate ? { 'content-length': String(o.total) } : {}),
      },
    });
    if (o.readLate) req.once('socket', (socket) => socket.pause());
    let stop = false;
    req.on('response', (r) => {
      stop = true;
      const at = sent;
      let body = '';
      r.on('data', (c) => {
        body += c;
      });
      // 'close' too: the server closes the connection after its answer (Connection: close), and a write of ours
      // racing that close can end the response without 'end'. What was read of the answer is what counts.
      const done = () => {
        resolve({ status: r.statusCode!, body, sent: at });
        req.destroy();
      };
      r.on('end', done);
      r.on('close', done);
    });
    // Writing into a connection the server has just closed fails (EPIPE, ECONNRESET): expected here, the answer
    // is read above. Only a connection closed before any answer is a failure.
    req.on('error', (e) => {
      const code = (e as { code?: string }).code ?? '';
      if (!code.startsWith('ECONN') && code !== 'EPIPE') reject(e);
    });
    req.on('close', () => {
      if (!stop) reject(new Error(`the server closed the connection without an answer after ${sent} bytes`));
    });
    const lead = Buffer.concat([
      Buffer.from(
        o.json ? '' : `--x\r\nContent-Disposition: form-data; name="file"; filename="${o.filename}"\r\n\r\n`,
      ),
      o.first ?? Buffer.alloc(0),
    ]);
    req.write(lead);
    if (o.readLate) sent = lead.length;
    const chunk = Buffer.alloc(256 * 1024, o.json ? 32 : 0);
    const pump = () => {
      while (sent < o.total && !stop && !req.destroyed) {
        const part = o.readLate ? chunk.subarray(0, Math.min(chunk.length, o.total - sent)) : chunk;
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (req.destroyed || stop) return;
      if (o.readLate) {
        req.end();
        req.socket?.resume();
      } else if (!o.announce) req.end();
    };
    pump();
  });
}

// ---------------------------------------------------------------- a tiny zip writer (for OOXML and bombs)

type ZipEntry = {
  name: string;
  data: Buffer;
  /** Override what the central directory claims (a lying directory). */
  claimSize?: number;
};
function zip(entries: ZipEntry[], opts: { overlap?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let first = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const comp = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(e.claimSize ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(comp.length, 20);
    cd.writeUInt32LE(e.claimSize ?? e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    // Overlapping entries: every later entry points at the first local header (the "better zip bomb").
    cd.writeUInt32LE(opts.overlap && locals.length > 0 ? first : offset, 42);
    if (locals.length === 0) first = offset;
    central.push(cd, name);
    locals.push(local, name, comp);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
const CONTENT_TYPES = (main: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`,
  );
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const docx = (extra: ZipEntry[] = [], opts: { overlap?: boolean } = {}) =>
  zip(
    [
      { name: '[Content_Types].xml', data: CONTENT_TYPES(DOCX_MAIN) },
      {
        name: 'word/document.xml',
        data: Buffer.from('<w:document><w:body><w:p>Scope</w:p></w:body></w:document>'),
      },
      ...extra,
    ],
    opts,
  );
const xlsx = (extra: ZipEntry[] = []) =>
  zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES(XLSX_MAIN) },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ...extra,
  ]);

// ---------------------------------------------------------------- tests

describe.each(STORES)('on the %s store', (store) => {
  beforeAll(() => setUp(store));
  afterAll(async () => {
    await app.cleanup();
  });

  describe('uploads: size', () => {
    // Repeated: a server that closes the connection under a client still sending resets it, and the client's
    // kernel then drops the answer unread — now and then, so one try proves nothing.
    it(`answers a body announced over 50 MB with 413 before reading it (${TRIES} tries)`, async () => {
      const before = disk();
      const stored = await objects();
      const total = 60 * MB;
      for (let i = 0; i < TRIES; i++) {
        const lang = i % 2 ? 'ar' : 'en';
        const res = await streamUpload({ purpose: 'logo', filename: 'big.png', total, announce: true, lang });
        expect(res.status, `try ${i + 1}: ${res.body}`).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'FILE_TOO_LARGE',
          message: ERRORS.FILE_TOO_LARGE[lang],
        });
        expect(res.sent).toBeLessThan(total);
      }
      expect(disk()).toBe(before);
      expect(await objects()).toEqual(stored);
    });

    it(`stops a streamed upload without a length at 50 MB and removes the partial file (${TRIES} tries)`, async () => {
      const before = disk();
      const stored = await objects();
      // Far past the mark: the client stops writing once the answer arrives, and a busy machine may take a while
      // to send it (with 70 MB the last 20 MB went through loopback before a loaded server answered).
      const total = 200 * MB;
      for (let i = 0; i < TRIES; i++) {
        const res = await streamUpload({
          purpose: 'proposal-attachment',
          filename: 'big.pdf',
          first: SAMPLE_PDF,
          total,
        });
        expect(res.status, `try ${i + 1}: ${res.body}`).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'FILE_TOO_LARGE',
          message: ERRORS.FILE_TOO_LARGE.en,
        });
        // Refused as the 50 MB mark passed, not after the whole body (socket buffers add a few MB).
        expect(res.sent).toBeLessThan(total);
      }
      await expect.poll(disk, { timeout: 5000 }).toBe(before);
      expect(await objects()).toEqual(stored);
    });

    it(`answers an upload over 50 MB with 413 a client that reads only after sending can read (${TRIES} tries)`, async () => {
      const before = disk();
      for (let i = 0; i < TRIES; i++) {
        const lang = i % 2 ? 'ar' : 'en';
        const res = await streamUpload({
          purpose: 'proposal-attachment',
          filename: 'big.pdf',
          first: SAMPLE_PDF,
          total: 52 * MB,
          readLate: true,
          lang,
        });
        expect(res.status, `try ${i + 1}: ${res.body}`).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'FILE_TOO_LARGE',
          message: ERRORS.FILE_TOO_LARGE[lang],
        });
      }
      await expect.poll(disk, { timeout: 5000 }).toBe(before);
    });

    it(`answers a JSON body over the 1 MB limit with 413 the client can read (${TRIES} tries)`, async () => {
      for (let i = 0; i < TRIES; i++) {
        const lang = i % 2 ? 'ar' : 'en';
        const res = await streamUpload({
          path: '/api/v1/auth/login',
          json: true,
          total: 8 * MB,
          announce: true,
          lang,
        });
        expect(res.status, `try ${i + 1}: ${res.body}`).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'PAYLOAD_TOO_LARGE',
          message: ERRORS.PAYLOAD_TOO_LARGE[lang],
        });
      }
    });

    it('cuts off a client that keeps sending past the bound of what is read and dropped', async () => {
      const total = 4 * LINGER.bytes;
      const cut = await streamUpload({ path: '/api/v1/auth/login', json: true, total, readLate: true }).then(
        () => 'answered',
        (e: Error) => e.message,
      );
      const sent = Number(/after (\d+) bytes/.exec(cut)?.[1]);
      expect(sent, cut).toBeGreaterThan(LINGER.bytes);
      expect(sent, cut).toBeLessThan(LINGER.bytes + 32 * MB);
    });

    it('removes the partial file when the client goes away mid-upload', async () => {
      const before = disk();
      const stored = await objects();
      await new Promise<void>((resolve) => {
        const req = request(`${base}/api/v1/files/upload?purpose=proposal-attachment`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
        });
        req.on('error', () => resolve());
        req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\n\r\n');
        req.write(SAMPLE_PDF);
        req.write(Buffer.alloc(2 * MB), async () => {
          // Go away only once the server is writing the partial file: gone earlier, the check below could pass
          // before the file even existed, and the file then turned up under the next test's feet.
          await expect.poll(disk, { timeout: 10_000 }).not.toBe(before);
          req.destroy();
          resolve();
        });
      });
      await expect.poll(disk, { timeout: 10_000 }).toBe(before);
      expect(await objects()).toEqual(stored);
    });
  });

  describe('uploads: content', () => {
    it('refuses content that does not match its allowed extension', async () => {
      await refused('tender-document', 'scope.pdf', logoPng(1), 'FILE_CONTENT_MISMATCH');
      await refused('proposal-attachment', 'offer.docx', SAMPLE_PDF, 'FILE_CONTENT_MISMATCH');
      await refused('logo', 'logo.jpg', logoPng(2), 'FILE_CONTENT_MISMATCH');
      await refused('logo', 'logo.png', Buffer.from('<svg onload="alert(1)"/>'), 'FILE_TYPE_NOT_ALLOWED');
      await refused(
        'logo',
        'logo.png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'FILE_TYPE_NOT_ALLOWED',
      );
      // A plain zip (no OOXML parts) named .docx is a zip, which no purpose accepts.
      await refused(
        'proposal-attachment',
        'offer.docx',
        zip([{ name: 'a.txt', data: Buffer.from('x') }]),
        'FILE_TYPE_NOT_ALLOWED',
      );
      // An executable named .pdf.
      await refused(
        'proposal-attachment',
        'offer.pdf',
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
        'FILE_TYPE_NOT_ALLOWED',
      );
    });

    it('accepts a real small .docx and .xlsx (the zip checks leave office documents alone)', async () => {
      const d = await send('proposal-attachment', 'offer.docx', docx());
      expect(d.status, JSON.stringify(d.body)).toBe(201);
      const x = await send('tender-document', 'boq.xlsx', xlsx());
      expect(x.status, JSON.stringify(x.body)).toBe(201);
    });

    it('refuses zip bombs dressed as .docx / .xlsx without inflating them', async () => {
      // 64 MB of zeros in ≈ 64 KB: ratio ≈ 1000.
      const zeros = Buffer.alloc(64 * MB);
      await refused(
        'proposal-attachment',
        'bomb.docx',
        docx([{ name: 'word/media/a.bin', data: zeros }]),
        'UNSAFE_ARCHIVE',
      );
      // Many entries that together declare gigabytes: 3000 entries.
      const many = Array.from({ length: 3000 }, (_, i) => ({
        name: `xl/media/${i}.bin`,
        data: Buffer.from('x'),
      }));
      await refused('tender-document', 'bomb.xlsx', xlsx(many), 'UNSAFE_ARCHIVE');
      // A directory that lies: the entry claims 10 bytes but inflates to 2 MB.
      await refused(
        'proposal-attachment',
        'liar.docx',
        docx([{ name: 'word/x.xml', data: Buffer.alloc(2 * MB, 'a'), claimSize: 10 }]),
        'UNSAFE_ARCHIVE',
      );
      // Overlapping entries (every entry reuses the same compressed data).
      await refused('proposal-attachment', 'overlap.docx', docx([], { overlap: true }), 'UNSAFE_ARCHIVE');
      // An entry path that escapes the archive.
      await refused(
        'proposal-attachment',
        'slip.docx',
        docx([{ name: '../../evil.sh', data: Buffer.from('rm -rf /') }]),
        'UNSAFE_ARCHIVE',
      );
    });
  });

  describe('uploads: file names', () => {
    it('refuses path tricks and disguised names with a translated message', async () => {
      for (const name of [
        '../../etc/passwd.png',
        '..\\..\\windows\\logo.png',
        '/etc/logo.png',
        'C:\\Users\\logo.png',
        'logo\u0000.png',
        'logo.png\u0000.exe',
        'invoice\u202Egnp.exe.png',
        'a\u2067b.png',
        'CON.png',
        'nul.png',
        'com1.png',
        'LPT9.tar.png',
        'logo.png.',
        'logo.png ',
        `${'a'.repeat(300)}.png`,
        `${'ع'.repeat(130)}.png`,
      ]) {
        await refused('logo', name, logoPng(5), 'FILE_NAME_NOT_ALLOWED');
      }
    });

    it('keeps ordinary names, Arabic ones included', async () => {
      for (const name of ['شعار الشركة.png', 'logo (1).png', 'Company Logo.PNG', 'con-logo.png']) {
        const r = await send('logo', name, logoPng(6));
        expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
        expect((r.body as unknown as { data: { name: string } }).data.name).toBe(name);
      }
    });
  });
});
