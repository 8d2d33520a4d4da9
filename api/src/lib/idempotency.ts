import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../errors.ts';

/**
 * Idempotent creates (api/README.md "Idempotent creates"; the IETF draft "The Idempotency-Key HTTP Header Field"
 * and Stripe's behaviour). A creating write may carry `Idempotency-Key: <uuid>`. In the write's own transaction the
 * key is claimed first — a row in `idempotency_keys` (user, route, key) with a hash of the request — and the answer
 * is stored in it at the end, so a crash commits the write and its key together or neither. A repeat of the key:
 * - same request, first one committed: its stored answer again (same status and body, `Idempotent-Replayed: true`),
 *   nothing written;
 * - same request, first one still running: the claim waits on the first transaction (the unique index) and then
 *   replays its answer, or goes ahead when the first rolled back; after `waitMs` it gives up with 409
 *   IDEMPOTENCY_IN_PROGRESS (retry later);
 * - another request (other body or path parameters): 422 IDEMPOTENCY_KEY_REUSED, nothing written.
 * Only successes are stored: a refused write (4xx, 500) rolls back with its key, and a retry runs again.
 * Keys are kept 24 hours (an older key is free again) and swept by every process.
 */

const RETENTION_HOURS = 24;
const SWEEP_MS = 60 * 60_000;
const WAIT_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A creating write that carries a key, and how its answer's `data` is read in the write's transaction. */
export type Once<T> = {
  userId: number;
  key: string;
  route: string;
  hash: string;
  /** The success status of the route (201 for a create). */
  status: number;
  /** How long a repeat waits for the first request's transaction before answering 409. */
  waitMs: number;
  answer: (tx: Tx, result: T) => Promise<unknown>;
  /** The answer's `data`, once the write committed (what the route sends). */
  data?: unknown;
};

/** Thrown in the claiming transaction when the key already has an answer: the error handler sends it. */
export class Replayed extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super('idempotent replay');
    this.status = status;
    this.body = body;
  }
}

/** JSON with object keys sorted, so that the same request hashes the same whatever its key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * The request's key (`Idempotency-Key`, a UUID, bare or as the draft's quoted string), or undefined without the
 * header (the write runs as it always did). A malformed key is a 422 IDEMPOTENCY_KEY_INVALID.
 */
export function idempotent<T>(
  ctx: Pick<Ctx, 'config'>,
  req: FastifyRequest,
  userId: number,
  status: number,
  answer: (tx: Tx, result: T) => Promise<unknown>,
): Once<T> | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? '' : raw)
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  if (!UUID.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  const hash = createHash('sha256')
    .update(canonical({ params: req.params ?? {}, body: req.body ?? null }))
    .digest('hex');
  const route = `${req.method} ${req.routeOptions.url}`;
  return { userId, key, route, hash, status, answer, waitMs: ctx.config.idempotencyWaitMs ?? WAIT_MS };
}

/** lock_not_available: the claim waited `waitMs` for another transaction holding the key. */
function isLockTimeout(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '55P03') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Claims the key in `tx` (or throws Replayed / 422 / 409). An expired key (past the retention) is taken over. */
async function claim(tx: Tx, o: Once<unknown>): Promise<void> {
  let claimed: boolean;
  try {
    await tx.execute(
      sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(o.waitMs))}ms`}, true)`,
    );
    const r = await tx.execute(sql`
      insert into idempotency_keys as k (user_id, key, route, request_hash)
      values (${o.userId}, ${o.key}, ${o.route}, ${o.hash})
      on conflict (user_id, route, key) do update
        set request_hash = excluded.request_hash, status = null, response = null, created_at = now()
        where k.created_at < now() - make_interval(hours => ${RETENTION_HOURS})
      returning 1 as claimed`);
    claimed = r.rows.length > 0;
    await tx.execute(sql`select set_config('lock_timeout', '0', true)`);
  } catch (err) {
    if (isLockTimeout(err)) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    throw err;
  }
  if (claimed) return;
  const r = await tx.execute<{ request_hash: string; status: number | null; response: unknown }>(sql`
    select request_hash, status, response from idempotency_keys
     where user_id = ${o.userId} and route = ${o.route} and key = ${o.key}`);
  const row = r.rows[0];
  if (!row || row.status === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  if (row.request_hash !== o.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  throw new Replayed(Number(row.status), row.response);
}

/**
 * Runs a creating write in `tx` once per key: the key claimed before `write`, the answer stored after it (both in
 * `tx`). Without a key it is just `write()`.
 */
export async function once<T>(tx: Tx, o: Once<T> | undefined, write: () => Promise<T>): Promise<T> {
  if (!o) return write();
  await claim(tx, o as Once<unknown>);
  const result = await write();
  const data = await o.answer(tx, result);
  await tx.execute(sql`
    update idempotency_keys set status = ${o.status}, response = ${JSON.stringify({ data })}::jsonb
     where user_id = ${o.userId} and route = ${o.route} and key = ${o.key}`);
  o.data = data;
  return result;
}

/** Deletes the keys past the retention; how many. */
export async function sweepExpiredKeys(db: Db): Promise<number> {
  const r = await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${RETENTION_HOURS}) returning 1`,
  );
  return r.rows.length;
}

/** Sweeps expired keys at start and every hour (each process; deleting twice is harmless). */
export function sweepIdempotencyKeys(db: Db): { stop: () => void } {
  const sweep = () => sweepExpiredKeys(db).catch(() => undefined);
  void sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
