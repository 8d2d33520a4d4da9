import type { ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.ts';
import {
  BIDDER,
  call,
  login,
  logoPng,
  makeApp,
  OWNER,
  SAMPLE_PDF,
  STORES,
  type TestApp,
  upload,
} from './helpers.ts';

/** The same behaviour whichever store holds the files: DATA_DIR/files, or an S3 bucket (test/s3-helpers.ts). */
describe.each(STORES)('files on the %s store', (store) => {
  let app: TestApp;
  let bidder: string;
  let owner: string;
  beforeAll(async () => {
    app = await makeApp({ seed: true, store });
    [bidder, owner] = await Promise.all([login(app, BIDDER), login(app, OWNER)]);
  });
  afterAll(async () => {
    await app.cleanup();
  });

  describe('uploads', () => {
    it('stores a logo under a server-generated name and serves it publicly at a stable URL', async () => {
      const png = logoPng(7);
      const r = await upload(app, bidder, 'logo', 'passwd.png', png);
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ name: 'passwd.png', size: png.length, mimeType: 'image/png' });
      expect(r.body.data.url).toBe(`http://localhost:4000/api/v1/files/${r.body.data.id}.png`);
      const get = await app.inject({ method: 'GET', url: new URL(r.body.data.url).pathname });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/png');
      expect(get.rawPayload.equals(png)).toBe(true);
      const bare = await app.inject({ method: 'GET', url: `/api/v1/files/${r.body.data.id}` });
      expect(bare.statusCode).toBe(200);
    });

    it('ends a download the client gave up on quietly: no server error, whatever the moment it left', async () => {
      const r = await upload(app, bidder, 'logo', 'gone.png', logoPng(9));
      const path = new URL(r.body.data.url).pathname;
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      // The status each answer ended with, read once the handler has had time to finish after the client left.
      const ended: Promise<number>[] = [];
      const watch = (_req: unknown, res: ServerResponse) =>
        ended.push(new Promise((done) => res.on('close', () => setTimeout(() => done(res.statusCode), 300))));
      app.server.on('request', watch);
      try {
        for (let i = 0; i < 6; i++) {
          await new Promise<void>((left) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
              // Gone at once, or a moment later: before the file is read, or while it is.
              const leave = () => {
                socket.destroy();
                left();
              };
              if (i % 2) leave();
              else setImmediate(leave);
            });
          });
        }
        // A client that left before its request was read never reaches the handler: most do.
        await new Promise((settle) => setTimeout(settle, 100));
        const statuses = await Promise.all(ended);
        expect(statuses.length).toBeGreaterThan(2);
        expect(statuses).not.toContain(500);
      } finally {
        app.server.off('request', watch);
      }
    });

    it('checks the type by content, against the accept list of the purpose', async () => {
      const fake = await upload(app, bidder, 'logo', 'evil.png', Buffer.from('<script>alert(1)</script>'));
      expect(fake.status).toBe(415);
      expect(fake.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
      const pdfAsLogo = await upload(app, bidder, 'logo', 'x.png', SAMPLE_PDF);
      expect(pdfAsLogo.status).toBe(415);
      const pdf = await upload(app, bidder, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF);
      expect(pdf.status).toBe(201);
      const noPurpose = await upload(app, bidder, null, 'offer.pdf', SAMPLE_PDF);
      expect(noPurpose.status).toBe(422);
      expect(noPurpose.body.message).toBe('purpose: Unknown upload purpose.');
      const badPurpose = await upload(app, bidder, 'virus', 'offer.pdf', SAMPLE_PDF);
      expect(badPurpose.status).toBe(422);
    });

    it('refuses anonymous uploads and files over 50 MB', async () => {
      expect((await upload(app, undefined, 'logo', 'a.png', logoPng(1))).status).toBe(401);
      const big = Buffer.alloc(50 * 1024 * 1024 + 10);
      logoPng(1).copy(big);
      const r = await upload(app, bidder, 'logo', 'big.png', big);
      expect(r.status).toBe(413);
      expect(r.body.code).toBe('FILE_TOO_LARGE');
    });

    it('serves private files only to those allowed', async () => {
      const pdf = await upload(app, bidder, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF);
      const url = `/files/${pdf.body.data.id}`;
      expect((await call(app, 'GET', url)).status).toBe(401);
      expect((await call(app, 'GET', url, { token: owner })).status).toBe(404);
      const mine = await call(app, 'GET', url, { token: bidder });
      expect(mine.status).toBe(200);
      expect(mine.res.headers['content-disposition']).toContain('attachment');
      expect(
        (await call(app, 'GET', `/files/00000000-0000-4000-8000-000000000000`, { token: bidder })).status,
      ).toBe(404);
    });

    it('serves the bytes as uploaded with the same headers from either store', async () => {
      const png = logoPng(11);
      const logo = await upload(app, bidder, 'logo', 'logo.png', png);
      const pub = await app.inject({ method: 'GET', url: `/api/v1/files/${logo.body.data.id}.png` });
      expect(pub.rawPayload.equals(png)).toBe(true);
      expect(pub.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(png.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=86400, immutable',
        'cross-origin-resource-policy': 'cross-origin',
      });
      expect(pub.headers['content-disposition']).toBeUndefined();
      const pdf = await upload(app, bidder, 'proposal-attachment', 'عرض فني.pdf', SAMPLE_PDF);
      const priv = await call(app, 'GET', `/files/${pdf.body.data.id}`, { token: bidder });
      expect(priv.res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(priv.res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(SAMPLE_PDF.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="${encodeURIComponent('عرض فني.pdf')}"`,
      });
      // The stored object is named by the server, never after the upload.
      const [row] = await app.ctx.database.db.select().from(files).where(eq(files.id, pdf.body.data.id));
      expect(await app.ctx.fileStore.exists(row!.storedName)).toBe(true);
      expect(row!.storedName).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves the demo seed from the store, and answers 404 when a stored file is gone', async () => {
      const [seeded] = await app.ctx.database.db
        .select()
        .from(files)
        .where(eq(files.purpose, 'logo'))
        .limit(1);
      const got = await app.inject({ method: 'GET', url: `/api/v1/files/${seeded!.id}` });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.length).toBe(seeded!.size);
      const up = await upload(app, bidder, 'logo', 'gone.png', logoPng(12));
      const [row] = await app.ctx.database.db.select().from(files).where(eq(files.id, up.body.data.id));
      await app.ctx.fileStore.delete(row!.storedName);
      const gone = await app.inject({ method: 'GET', url: `/api/v1/files/${up.body.data.id}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('FILE_NOT_FOUND');
    });

    it('sets my photo from an avatar upload', async () => {
      const up = await upload(app, bidder, 'avatar', 'me.png', logoPng(3));
      const r = await call(app, 'PATCH', '/users/me', {
        token: bidder,
        payload: { imageFileId: up.body.data.id },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.imageUrl).toBe(up.body.data.url);
      // Someone else's file cannot be used.
      const other = await upload(app, owner, 'avatar', 'o.png', logoPng(4));
      const bad = await call(app, 'PATCH', '/users/me', {
        token: bidder,
        payload: { imageFileId: other.body.data.id },
      });
      expect(bad.status).toBe(422);
    });
  });
});
