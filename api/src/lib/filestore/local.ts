import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore, PutSource } from './store.ts';

/** The local store's folder: `DATA_DIR/files/<name>`, the layout uploads always had (existing files stay readable). */
const filesDir = (dataDir: string) => join(dataDir, 'files');

const errCode = (err: unknown) => (err as { code?: string }).code;

/**
 * Files on the local disk. An accepted upload's temp file (DATA_DIR/tmp, same file system) is moved into place
 * with one rename, so a file appears whole or not at all; bytes, or a temp file on another file system, are
 * written under a hidden `.<name>.part` name first and renamed.
 */
export function localStore(dataDir: string): FileStore {
  const dir = filesDir(dataDir);
  const pathOf = (name: string) => {
    if (!/^[0-9A-Za-z][0-9A-Za-z_-]*$/.test(name)) throw new Error(`bad stored file name: ${name}`);
    return join(dir, name);
  };

  async function writeVia(target: string, write: (part: string) => Promise<void>) {
    const part = join(dir, `.${randomUUID()}.part`);
    try {
      await write(part);
      await rename(part, target);
    } finally {
      await rm(part, { force: true });
    }
  }

  return {
    kind: 'local',
    async ready() {
      await mkdir(dir, { recursive: true });
    },
    async put(name: string, source: PutSource) {
      const target = pathOf(name);
      await mkdir(dir, { recursive: true });
      if (Buffer.isBuffer(source)) return writeVia(target, (part) => writeFile(part, source));
      try {
        await rename(source.path, target);
      } catch (err) {
        // DATA_DIR/files on another file system than DATA_DIR/tmp (a mounted shared folder): copy instead.
        if (errCode(err) !== 'EXDEV') throw err;
        await writeVia(target, (part) => copyFile(source.path, part));
      }
    },
    async get(name) {
      let fh: Awaited<ReturnType<typeof open>>;
      try {
        fh = await open(pathOf(name), 'r');
      } catch (err) {
        if (errCode(err) === 'ENOENT') return null;
        throw err;
      }
      try {
        const { size } = await fh.stat();
        return { stream: fh.createReadStream(), size };
      } catch (err) {
        await fh.close();
        throw err;
      }
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async exists(name) {
      return stat(pathOf(name)).then(
        () => true,
        () => false,
      );
    },
    async list() {
      try {
        return (await readdir(dir)).filter((n) => !n.startsWith('.'));
      } catch (err) {
        if (errCode(err) === 'ENOENT') return [];
        throw err;
      }
    },
    close() {},
  };
}
