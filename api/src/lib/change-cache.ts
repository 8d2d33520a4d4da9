import type { ChangeEvents } from '../db/client.ts';

/**
 * A short-lived in-memory cache of values read from some tables (the id lists of ./id-lists.ts, the directory's
 * pages), dropped whenever those tables change, whoever changed them:
 * - every process drops it when the database announces a committed change to one of its tables (statement triggers
 *   on LISTEN/NOTIFY: migrations 0009 and 0016), so the next read anywhere sees the change; the TTL is only a
 *   backstop;
 * - this process also drops it when it sends a statement writing one of them, and does not use it until that
 *   change's announcement has come back (at most LOCAL_WRITE_WAIT_MS): the caller of a write that just returned
 *   never reads a value its own change has outdated, even before the announcement reaches this process;
 * - while the listening connection is down it is not used (values are built for each read), and it starts empty once
 *   the connection is back.
 * A value is kept from the moment its build starts (callers asking meanwhile share it); a build that fails is
 * forgotten, and one that started before a drop is never handed out after it.
 */

/** How long a local write keeps the cache off at most while its announcement is on its way (or it rolled back). */
export const LOCAL_WRITE_WAIT_MS = 5_000;

/** A built value and, optionally, the time (ms since the epoch) after which it must not be used. */
type Built<V> = { value: V; until?: number };

type Entry<V> = { until: number; value: Promise<V>; settled?: V };

export type ChangeCache<V> = {
  /** The value kept for `key`, or the one `build` makes (kept for the next callers when the cache is usable). */
  get(key: string, build: () => Promise<Built<V>>): Promise<V>;
  /** The value kept for `key` if it is built and usable now, without waiting: the hot path's synchronous answer. */
  peek(key: string): V | undefined;
  /** Drops every value (this process's own change, announced or not). */
  clear(): void;
  /** Stops following the database's change events. */
  close(): void;
};

export function createChangeCache<V>(
  changes: ChangeEvents,
  opts: {
    /** The tables the values are read from. */
    tables: ReadonlySet<string>;
    ttlMs: number;
    /** Bounds: entries, and the sum of `weigh` over them (e.g. ids held); past either the cache starts over. */
    maxEntries: number;
    maxWeight?: number;
    weigh?: (value: V) => number;
  },
): ChangeCache<V> {
  const entries = new Map<string, Entry<V>>();
  let weight = 0;
  let listening = true;
  /** When this process last sent a write to one of the tables whose announcement has not come back (0: none). */
  let writingSince = 0;
  const clear = () => {
    entries.clear();
    weight = 0;
  };
  const usable = (now: number) =>
    listening && (writingSince === 0 || now - writingSince > LOCAL_WRITE_WAIT_MS);
  const unsubscribe = changes.on((e) => {
    if ((e.type === 'table' || e.type === 'write') && !opts.tables.has(e.table)) return;
    if (e.type === 'down') listening = false;
    else if (e.type === 'up') listening = true;
    else if (e.type === 'write') writingSince = Date.now();
    else writingSince = 0;
    clear();
  });

  return {
    get(key, build) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now < hit.until && usable(now)) return hit.value;
      if (!usable(now)) return build().then((b) => b.value);
      if (entries.size >= opts.maxEntries || (opts.maxWeight !== undefined && weight >= opts.maxWeight))
        clear();
      const entry: Entry<V> = {
        until: now + opts.ttlMs,
        value: build().then((b) => {
          if (entries.get(key) === entry) {
            if (b.until !== undefined) entry.until = Math.min(entry.until, b.until);
            weight += opts.weigh?.(b.value) ?? 0;
            entry.settled = b.value;
          }
          return b.value;
        }),
      };
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      entries.set(key, entry);
      return entry.value;
    },
    peek(key) {
      const now = Date.now();
      const hit = entries.get(key);
      return hit && now < hit.until && usable(now) ? hit.settled : undefined;
    },
    clear,
    close: () => unsubscribe(),
  };
}
