import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Uploads are received into temp files under DATA_DIR/tmp, checked there, and only an accepted file goes on to
 * the store; the request removes its temp file in every case. A process killed mid-upload cannot, so every start
 * sweeps the files of processes that are gone.
 *
 * Several processes may share DATA_DIR (on one machine, or a shared folder on several): a temp file's name says
 * whose it is — `<host>_<pid>_<process start>_<uuid>.part` — and the sweep removes a file only when its process
 * is certainly gone (this host, and that pid no longer runs or is this very process started anew), or when it
 * has not been written for STALE_MS (another host's process, whose liveness cannot be seen from here; a live
 * upload writes its file continuously, and checking and storing an accepted file takes seconds).
 */
export const tmpDir = (dataDir: string) => join(dataDir, 'tmp');

const STALE_MS = 60 * 60 * 1000;

const HOST = hostname().replace(/[^0-9A-Za-z.-]/g, '-');
const STARTED = Math.round(performance.timeOrigin);
const NAME = /^(.+)_(\d+)_(\d+)_[0-9a-f-]{36}\.part$/;

/** A fresh temp file path for one upload of this process. */
export const tmpPath = (dataDir: string) =>
  join(tmpDir(dataDir), `${HOST}_${process.pid}_${STARTED}_${randomUUID()}.part`);

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** Whether a temp file was certainly left behind by a process that no longer runs (or is stale). */
function abandoned(name: string, mtimeMs: number, now = Date.now()): boolean {
  if (now - mtimeMs > STALE_MS) return true;
  const m = NAME.exec(name);
  if (!m || m[1] !== HOST) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return Number(m[3]) !== STARTED;
  return !running(pid);
}

/** Removes the temp files of processes that are gone; returns how many. Creates the folder. */
export async function sweepTmp(dataDir: string): Promise<number> {
  const dir = tmpDir(dataDir);
  await mkdir(dir, { recursive: true });
  let removed = 0;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const st = await stat(path).catch(() => null);
    if (!st?.isFile() || !abandoned(name, st.mtimeMs)) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
