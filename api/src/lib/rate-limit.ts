import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** A counter's state after it was counted: `current` hits in the window, `ttl` ms until the window ends. */
type Hit = { current: number; ttl: number };

/**
 * Fixed-window counters: the per-IP rate limits (@fastify/rate-limit's store, `storeOf`) and the per-account
 * sign-in throttle (modules/auth/throttle.ts) count here. On PostgreSQL they live in the `rate_limits` table, so
 * every API process on the database counts against the same numbers (one upsert per counted request); on PGlite
 * (one process) in memory, shared by every app on that database object.
 */
export type Counters = {
  /** Counts one hit on `key`; a window of `windowMs` starts with the first hit after the previous one ended. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The state without counting (0 when no window is running). */
  peek(key: string): Promise<Hit>;
  /** Forgets the key (a successful sign-in clears its failures). */
  clear(key: string): Promise<void>;
  /** Stops the periodic cleanup. */
  stop(): void;
};

/** How often expired counters are deleted (they count as fresh already; this only bounds the table or map). */
const SWEEP_MS = 60_000;
/** Bound of the in-memory counters under a spray of keys (random emails, IPs): the oldest are forgotten. */
const MEMORY_MAX = 100_000;

export function memoryCounters(): Counters {
  const map = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of map) if (v.resetAt <= now) map.delete(k);
  }, SWEEP_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const c = map.get(key);
      if (c && c.resetAt > now) {
        c.count++;
        return { current: c.count, ttl: c.resetAt - now };
      }
      if (map.size >= MEMORY_MAX) {
        let n = MEMORY_MAX / 10;
        for (const k of map.keys()) {
          map.delete(k);
          if (--n <= 0) break;
        }
      }
      map.delete(key); // re-inserted: the Map's order stays oldest window first
      map.set(key, { count: 1, resetAt: now + windowMs });
      return { current: 1, ttl: windowMs };
    },
    async peek(key) {
      const c = map.get(key);
      const ttl = c ? c.resetAt - Date.now() : 0;
      return c && ttl > 0 ? { current: c.count, ttl } : { current: 0, ttl: 0 };
    },
    async clear(key) {
      map.delete(key);
    },
    stop() {
      clearInterval(sweep);
    },
  };
}

/**
 * Counters in the `rate_limits` table. `hit` is one statement: the row is created, counted, or restarted when its
 * window is over, atomically (ON CONFLICT takes the row lock, so concurrent hits from any process each get their own
 * number). The clock is the database's, the same for every process. A hit's time is its transaction's start, which
 * can be a moment before the hit that opened the window: its time left is capped at the window.
 */
export function sqlCounters(db: Db): Counters {
  const sweep = setInterval(() => {
    db.delete(rateLimits)
      .where(sql`${rateLimits.resetAt} <= now()`)
      .catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();
  const ttlOf = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`;
  return {
    async hit(key, windowMs) {
      const r = await db.execute<{ current: number; ttl: number }>(sql`
        insert into rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning r.count as current,
          least(${windowMs}, greatest(0, ceil(extract(epoch from (r.reset_at - now())) * 1000)))::int as ttl`);
      const row = r.rows[0];
      if (!row) throw new Error('rate limit: the counter upsert returned no row');
      return { current: Number(row.current), ttl: Number(row.ttl) };
    },
    async peek(key) {
      const [row] = await db
        .select({ current: rateLimits.count, ttl: ttlOf })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return row ? { current: Number(row.current), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
    },
    async clear(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    stop() {
      clearInterval(sweep);
    },
  };
}

const memoryByDatabase = new WeakMap<Database, Counters>();

/**
 * The counters of an app on `database`: the table on PostgreSQL (shared by every process); in memory on PGlite,
 * one set per database object (the apps of one process on one embedded database count together).
 */
export function countersFor(database: Database): { counters: Counters; stop(): void } {
  if (database.kind === 'postgres') {
    const counters = sqlCounters(database.db);
    return { counters, stop: () => counters.stop() };
  }
  let counters = memoryByDatabase.get(database);
  if (!counters) {
    counters = memoryCounters();
    memoryByDatabase.set(database, counters);
  }
  // The shared in-memory set outlives one app; its sweep timer is unref'd and holds only the map.
  return { counters, stop: () => undefined };
}

/**
 * @fastify/rate-limit's store over `counters`: each rate-limited route counts under its own prefix (method and
 * URL, as the plugin's own stores do), so the limits, headers and answers are the plugin's, only the numbers are
 * shared. Windows are fixed (no continueExceeding / exponentialBackoff: the API uses neither).
 */
export function rateLimitStore(counters: Counters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    prefix = 'rl:';
    incr(key: string, cb: (error: Error | null, result?: Hit) => void, timeWindow: number) {
      counters.hit(this.prefix + key, timeWindow).then(
        (h) => cb(null, h),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: (error: Error | null, result?: Hit) => void) {
      counters.peek(this.prefix + key).then(
        (h) => cb(null, h),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const child = new SharedStore();
      // The plugin passes the route's merged limit options, with the route as `routeInfo`.
      const info =
        (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ??
        {};
      child.prefix = `rl:${[info.method ?? ''].flat().join(',')}${info.url ?? ''}-`;
      return child;
    }
  }
  return SharedStore;
}
