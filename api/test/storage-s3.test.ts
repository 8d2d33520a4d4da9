/**
 * The S3 driver against a real S3-compatible server (test/s3-helpers.ts) with the API as a real process: the bucket
 * is created at start and holds the demo seed; large uploads stream through without being held in memory; a row
 * that cannot be written takes its object with it; and an API killed with SIGKILL in the middle of an upload
 * leaves no object and no row, while the next start removes the temp file it left (and only temp files whose
 * process is gone).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { tmpDir, tmpPath } from '../src/lib/filestore/tmp.ts';
import { SAMPLE_PDF } from './helpers.ts';
import { type ApiSite, apiSite, loginAt, sleep, waitFor } from './process-helpers.ts';
import { startS3, type TestS3 } from './s3-helpers.ts';

const MB = 1024 * 1024;
let s3: TestS3;
let site: ApiSite;
let token: string;

beforeAll(async () => {
  s3 = await startS3();
  site = await apiSite(s3.env);
  await site.start();
  token = await loginAt(site.url, 'bidder@bawaba.qa');
}, 240_000);
afterAll(async () => {
  await site?.cleanup();
  await s3?.stop();
}, 120_000);

/** Resets the API process's peak resident memory to what it holds now (Linux: clear_refs 5). */
function resetPeak() {
  writeFileSync(`/proc/${site.pid}/clear_refs`, '5');
}

/** Resident memory of the API process now (kB), from /proc. */
function rssKb(): number {
  const status = readFileSync(`/proc/${site.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

/** Peak resident memory of the API process since the last reset (kB), from /proc. */
function peakRssKb(): number {
  const status = readFileSync(`/proc/${site.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
}

const tmpFiles = () => {
  const dir = tmpDir(site.dataDir);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

async function uploadBytes(purpose: string, filename: string, bytes: Buffer) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${site.url}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { data: { id: string; url: string } } };
}

/** A PDF of `size` bytes: the sample's header, then random bytes (nothing compresses or repeats). */
const bigPdf = (size: number) => Buffer.concat([SAMPLE_PDF, randomBytes(size - SAMPLE_PDF.length)]);

/** A .docx whose one large part is stored (not deflated) random bytes: the zip check walks all of it. */
function bigDocx(size: number): Buffer {
  const entries = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from('<w:document><w:body><w:p>Scope</w:p></w:body></w:document>'),
    },
    { name: 'word/media/scan.bin', data: randomBytes(size) },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt32LE(crc32(e.data), 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    locals.push(local, name, e.data);
    offset += 30 + name.length + e.data.length;
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

describe('the S3 store with the API as a process', () => {
  it('creates the missing bucket at start and keeps the demo seed in it', async () => {
    const objects = await s3.objects();
    // 24 logos, 2 ads, a tender document and the proposals' attachments.
    expect(objects.length).toBeGreaterThanOrEqual(27);
    expect(objects.every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
    expect(readdirSync(site.dataDir)).not.toContain('files');
  });

  it('streams large uploads to the bucket and back without holding them in memory', {
    timeout: 120_000,
  }, async () => {
    // Warm up (the multipart parser, the type detector, the SDK's first connection), then measure the peak.
    expect((await uploadBytes('proposal-attachment', 'warm.pdf', bigPdf(4 * MB))).status).toBe(201);
    expect((await uploadBytes('proposal-attachment', 'warm.docx', bigDocx(4 * MB))).status).toBe(201);
    // Four PDFs of 45 MB and a 40 MB .docx at once (220 MB): held in memory they would add that much. Streamed,
    // what grows is buffers in flight and garbage not yet collected (V8 collects Buffers' memory lazily).
    resetPeak();
    const before = rssKb();
    const pdfs = [1, 2, 3, 4].map(() => bigPdf(45 * MB));
    const docx = bigDocx(40 * MB);
    const [up, ...rest] = await Promise.all([
      ...pdfs.map((pdf, i) => uploadBytes('proposal-attachment', `big-${i}.pdf`, pdf)),
      uploadBytes('proposal-attachment', 'big.docx', docx),
    ]);
    expect([up, ...rest].map((r) => r!.status)).toEqual([201, 201, 201, 201, 201]);
    const grew = (peakRssKb() - before) / 1024;
    console.log(
      `peak RSS of the API: ${(before / 1024).toFixed(0)} MB + ${grew.toFixed(1)} MB over 220 MB uploaded at once`,
    );
    expect(grew).toBeLessThan(100);
    const pdf = pdfs[0]!;
    const res = await fetch(`${site.url}/files/${up!.body.data.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect(tmpFiles()).toEqual([]);
  });

  // Two restarts of the API process: each is seconds on a quiet machine, a minute on a busy one.
  it('removes the object when the file row cannot be written', { timeout: 180_000 }, async () => {
    const objects = await s3.objects();
    // Every new row is refused by a check the existing rows are not held to.
    await site.stop('SIGTERM');
    await withDatabase((db) =>
      db.execute(sql`alter table files add constraint no_new_files check (size < 0) not valid`),
    );
    await site.start();
    const r = await uploadBytes('proposal-attachment', 'offer.pdf', SAMPLE_PDF);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await s3.objects()).toEqual(objects);
    expect(tmpFiles()).toEqual([]);
    await site.stop('SIGTERM');
    await withDatabase((db) => db.execute(sql`alter table files drop constraint no_new_files`));
    await site.start();
    expect((await uploadBytes('proposal-attachment', 'offer.pdf', SAMPLE_PDF)).status).toBe(201);
  });

  it('leaves no object and no row after a SIGKILL mid-upload; the next start sweeps the temp file', {
    timeout: 180_000,
  }, async () => {
    const objects = await s3.objects();
    const sent = { bytes: 0 };
    const req = request(`${site.url}/files/upload?purpose=proposal-attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
    });
    req.on('error', () => undefined);
    req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="crash.pdf"\r\n\r\n');
    req.write(SAMPLE_PDF);
    // 1 MB every 20 ms, far from the end when the process dies.
    let writing = true;
    const pump = async () => {
      while (writing && sent.bytes < 45 * MB) {
        req.write(randomBytes(MB));
        sent.bytes += MB;
        await sleep(20);
      }
    };
    const pumping = pump();
    const partial = await waitFor(
      'a temp file of a few MB',
      () => tmpFiles().find((f) => statSync(join(tmpDir(site.dataDir), f)).size > 5 * MB),
      90_000,
    );
    await site.stop('SIGKILL');
    writing = false;
    await pumping;
    req.destroy();
    // Killed mid-upload whatever the pump had sent by then: the body never gets its closing boundary, so no upload
    // can finish. The temp file is there, nothing reached the bucket.
    expect(tmpFiles()).toContain(partial);
    expect(await s3.objects()).toEqual(objects);

    // Temp files the start must keep or remove: one of a live process (this test's, on this host), one of a
    // process that is gone, and one nobody wrote to for over an hour (another host's, say).
    const live = basename(tmpPath(site.dataDir));
    writeFileSync(join(tmpDir(site.dataDir), live), 'live');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const dead = live.replace(`_${process.pid}_`, `_${gone}_`);
    writeFileSync(join(tmpDir(site.dataDir), dead), 'dead');
    const stale = `some-other-host_1_1_${live.slice(-41)}`;
    writeFileSync(join(tmpDir(site.dataDir), stale), 'stale');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(tmpDir(site.dataDir), stale), hoursAgo, hoursAgo);

    await site.start();
    expect(tmpFiles()).toEqual([live]);
    expect(await s3.objects()).toEqual(objects);
    await site.stop('SIGTERM');
    const rows = await withDatabase((db) =>
      db.execute(sql`select count(*)::int as n from files where original_name = 'crash.pdf'`),
    );
    expect((rows.rows[0] as { n: number }).n).toBe(0);
    await site.start();
  });
});

/** Runs `f` on the API's database while the API is stopped (PGlite allows one process). */
async function withDatabase<T>(
  f: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: site.databaseUrl,
    dataDir: site.databaseUrl ? null : `${site.dataDir}/pglite`,
  });
  try {
    return await f(database.db);
  } finally {
    await database.close();
  }
}
