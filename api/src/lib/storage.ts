import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Config } from '../config.ts';

export const filesDir = (config: Config) => join(config.dataDir, 'files');

/** Writes bytes under a server-generated name; returns that name. */
export function storeBytes(config: Config, bytes: Buffer): string {
  const dir = filesDir(config);
  mkdirSync(dir, { recursive: true });
  const name = randomUUID();
  writeFileSync(join(dir, name), bytes);
  return name;
}

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
export const ZIP_LIMITS = {
  maxEntries: 2000,
  maxTotalUncompressed: 256 * 1024 * 1024,
  /** Ratio uncompressed / compressed above which an entry bigger than 1 MB is refused (office XML is ≈ 5–20). */
  maxRatio: 200,
};

/**
 * Why a zip container (OOXML) is refused, or null. Reads the central directory without trusting it: sizes,
 * entry count and ratios are checked, ZIP64 and overlapping entries (the "overlapping files" bomb) are refused,
 * and every entry is inflated with an output cap equal to its declared size, so a lying directory stops at
 * that size instead of expanding to gigabytes. The total work is bounded by `maxTotalUncompressed`.
 */
export function zipProblem(buf: Buffer): string | null {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'no central directory';
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return 'zip64';
  if (count > ZIP_LIMITS.maxEntries) return 'too many entries';
  if (cdOffset + cdSize > eocd) return 'central directory out of bounds';
  type Entry = { start: number; end: number; method: number; comp: number; size: number };
  const entries: Entry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) return 'bad central directory entry';
    const method = buf.readUInt16LE(p + 10);
    const comp = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (comp === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return 'zip64';
    if (name.startsWith('/') || name.split(/[/\\]/).includes('..')) return 'entry path';
    if (method !== 0 && method !== 8) return 'compression method';
    if (method === 0 && comp !== size) return 'stored size mismatch';
    total += size;
    if (total > ZIP_LIMITS.maxTotalUncompressed) return 'expands too much';
    if (size > 1024 * 1024 && size / Math.max(comp, 1) > ZIP_LIMITS.maxRatio) return 'compression ratio';
    if (local + 30 > cdOffset || buf.readUInt32LE(local) !== 0x04034b50) return 'bad local header';
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + comp > cdOffset) return 'entry out of bounds';
    entries.push({ start: local, end: start + comp, method, comp, size });
  }
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.start < sorted[i - 1]!.end) return 'overlapping entries';
  for (const e of entries) {
    if (e.method !== 8) continue;
    try {
      const out = inflateRawSync(buf.subarray(e.end - e.comp, e.end), {
        maxOutputLength: Math.max(e.size, 1),
      });
      if (out.length !== e.size) return 'size mismatch';
    } catch {
      return 'entry does not inflate to its declared size';
    }
  }
  return null;
}
