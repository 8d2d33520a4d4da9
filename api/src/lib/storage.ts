import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

/** Checks of an upload before it is stored: its name, and for zip-based documents the archive itself. */

/**
 * Why an uploaded file name is refused, or null. Browsers send a bare name; anything else is a trick: paths
 * (`../`, `/etc/…`, `C:\…`), control characters and NUL, bidirectional overrides that disguise the extension
 * (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`), Windows device names (`CON.png`), trailing dots or
 * spaces, and names longer than a file system allows (255 bytes).
 */
export function fileNameProblem(name: string): string | null {
  if (/[/\\]/.test(name) || name === '.' || name === '..') return 'path';
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f)))
    return 'control character';
  if (/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/.test(name)) return 'bidirectional control';
  if (/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\.[^.]*)*$/i.test(name))
    return 'reserved name';
  if (/[. ]$/.test(name)) return 'trailing dot or space';
  if (Buffer.byteLength(name, 'utf8') > 255) return 'too long';
  return null;
}

/** Limits for zip-based uploads (.docx, .xlsx): generous for real office documents, far below a zip bomb. */
const ZIP_LIMITS = {
  maxEntries: 2000,
  maxTotalUncompressed: 256 * 1024 * 1024,
  /** Ratio uncompressed / compressed above which an entry bigger than 1 MB is refused (office XML is ≈ 5–20). */
  maxRatio: 200,
};

/**
 * Why a zip container (OOXML) at `path` is refused, or null. Reads the central directory without trusting it:
 * sizes, entry count and ratios are checked, ZIP64 and overlapping entries (the "overlapping files" bomb) are
 * refused, and every entry is inflated as a stream whose output is counted and thrown away, stopping as soon as
 * it passes the entry's declared size: a lying directory stops there instead of expanding to gigabytes. The total
 * work is bounded by `maxTotalUncompressed`. The file is read in small pieces (headers, then one entry at a time
 * through a stream), never whole.
 */
export async function zipProblem(path: string): Promise<string | null> {
  const fh = await open(path, 'r');
  try {
    return await zipProblemIn(fh, path);
  } finally {
    await fh.close();
  }
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

async function zipProblemIn(fh: FileHandle, path: string): Promise<string | null> {
  const { size: fileSize } = await fh.stat();
  if (fileSize < 22) return 'no central directory';
  const tailStart = Math.max(0, fileSize - 22 - 0xffff);
  const tail = await readAt(fh, tailStart, fileSize - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      at = i;
      break;
    }
  }
  if (at < 0) return 'no central directory';
  const eocd = tailStart + at;
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return 'zip64';
  if (count > ZIP_LIMITS.maxEntries) return 'too many entries';
  if (cdOffset + cdSize > eocd) return 'central directory out of bounds';
  type Entry = { start: number; end: number; method: number; comp: number; size: number };
  const entries: Entry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd) return 'bad central directory entry';
    const h = await readAt(fh, p, 46);
    if (h.length < 46 || h.readUInt32LE(0) !== 0x02014b50) return 'bad central directory entry';
    const method = h.readUInt16LE(10);
    const comp = h.readUInt32LE(20);
    const size = h.readUInt32LE(24);
    const nameLen = h.readUInt16LE(28);
    const extraLen = h.readUInt16LE(30);
    const commentLen = h.readUInt16LE(32);
    const local = h.readUInt32LE(42);
    const name = (await readAt(fh, p + 46, nameLen)).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (comp === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return 'zip64';
    if (name.startsWith('/') || name.split(/[/\\]/).includes('..')) return 'entry path';
    if (method !== 0 && method !== 8) return 'compression method';
    if (method === 0 && comp !== size) return 'stored size mismatch';
    total += size;
    if (total > ZIP_LIMITS.maxTotalUncompressed) return 'expands too much';
    if (size > 1024 * 1024 && size / Math.max(comp, 1) > ZIP_LIMITS.maxRatio) return 'compression ratio';
    if (local + 30 > cdOffset) return 'bad local header';
    const lh = await readAt(fh, local, 30);
    if (lh.length < 30 || lh.readUInt32LE(0) !== 0x04034b50) return 'bad local header';
    const start = local + 30 + lh.readUInt16LE(26) + lh.readUInt16LE(28);
    if (start + comp > cdOffset) return 'entry out of bounds';
    entries.push({ start: local, end: start + comp, method, comp, size });
  }
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.start < sorted[i - 1]!.end) return 'overlapping entries';
  for (const e of entries) {
    if (e.method !== 8) continue;
    const out = await inflatedSize(path, e.end - e.comp, e.comp, e.size);
    if (out === 'over') return 'entry does not inflate to its declared size';
    if (out !== e.size) return 'size mismatch';
  }
  return null;
}

/**
 * How many bytes `comp` compressed bytes at `offset` inflate to, counted and thrown away; 'over' as soon as the
 * output passes `cap` or the data is not valid deflate.
 */
function inflatedSize(path: string, offset: number, comp: number, cap: number): Promise<number | 'over'> {
  if (comp === 0) return Promise.resolve('over');
  const input = createReadStream(path, { start: offset, end: offset + comp - 1 });
  const inflate = createInflateRaw();
  return new Promise((resolve) => {
    let out = 0;
    let done = false;
    const finish = (r: number | 'over') => {
      if (done) return;
      done = true;
      input.destroy();
      inflate.destroy();
      resolve(r);
    };
    inflate.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > cap) finish('over');
    });
    inflate.on('end', () => finish(out));
    inflate.on('error', () => finish('over'));
    input.on('error', () => finish('over'));
    input.pipe(inflate);
  });
}
