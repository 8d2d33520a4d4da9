import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One query layer for both drivers (their runtime API is the same; the types are NodePg's). */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type BusMessage = { userId: number; id: number };

/** Fan-out of "a notification was written": LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
type Bus = {
  publish(msg: BusMessage): Promise<void>;
  on(listener: (msg: BusMessage) => void): () => void;
};

/**
 * Changes that matter to cached sessions. `session` and `user` come from database triggers (migration 0002) through
 * LISTEN/NOTIFY, so they reach every process on that database whoever wrote the row: a session row changed or was
 * deleted (`ended`: it no longer authenticates), a user row changed or was deleted. `write`: this process is about
 * to write sessions/users (statement issued, commit and trigger message still to come). `down` / `up`: the
 * listening connection was lost / is back (anything may have changed meanwhile).
 */
type AuthEvent =
  | { type: 'session'; sid: string; uid: number; ended: boolean }
  | { type: 'user'; uid: number }
  | { type: 'write' }
  | { type: 'down' }
  | { type: 'up' };

export type AuthEvents = { on(listener: (e: AuthEvent) => void): () => void };

/**
 * Changes that matter to the other in-memory caches (lib/change-cache.ts: the directory, the tender lists; the
 * catalog). `table`: a statement changed that table (a database trigger, migrations 0009 and 0016, through
 * LISTEN/NOTIFY: every process on that database hears it, whoever wrote, once the write committed). `write`: this
 * process is about to run a statement that inserts, updates or deletes in that table (its commit, and the `table`
 * message, still to come). `down` / `up`: the listening connection was lost / is back (the caches must not be
 * trusted while down, and start empty once up).
 */
type ChangeEvent =
  | { type: 'table'; table: string }
  | { type: 'write'; table: string }
  | { type: 'down' }
  | { type: 'up' };

export type ChangeEvents = { on(listener: (e: ChangeEvent) => void): () => void };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  bus: Bus;
  auth: AuthEvents;
  changes: ChangeEvents;
  close(): Promise<void>;
};

const migrationsFolder = join(import.meta.dirname, '..', '..', 'drizzle');
const CHANNEL = 'bawaba_notifications';
const AUTH_CHANNEL = 'bawaba_auth';
const CHANGES_CHANNEL = 'bawaba_changes';
const AUTH_WRITE =
  /^\s*(?:(?:update|delete\s+from)\s+"?(?:sessions|users|company_members)"?|insert\s+into\s+"?company_members"?)[\s(]/i;
/** A statement writing a table (as drizzle and the raw statements here write them): the table's name. */
const TABLE_WRITE = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?(\w+)"?/i;

function authEventOf(payload: string): AuthEvent | null {
  try {
    const p = JSON.parse(payload) as { t?: string; sid?: string; uid?: number; end?: boolean };
    if (p.t === 's' && typeof p.sid === 'string' && typeof p.uid === 'number')
      return { type: 'session', sid: p.sid, uid: p.uid, ended: !!p.end };
    if (p.t === 'u' && typeof p.uid === 'number') return { type: 'user', uid: p.uid };
  } catch {
    /* ignore malformed payloads */
  }
  return null;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  /**
   * In memory only: start from this PGlite data-directory dump (`dumpDataDir`) instead of an empty cluster. Loading
   * a dump skips initdb, which is most of the time PGlite takes to open (the API tests start each app from one
   * migrated and seeded dump).
   */
  snapshot?: Blob;
}): Promise<Database> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = (listener: (m: BusMessage) => void) => {
    emitter.on('msg', listener);
    return () => {
      emitter.off('msg', listener);
    };
  };
  const auth: AuthEvents = {
    on(listener) {
      emitter.on('auth', listener);
      return () => {
        emitter.off('auth', listener);
      };
    },
  };
  const emitAuth = (e: AuthEvent) => emitter.emit('auth', e);
  const changes: ChangeEvents = {
    on(listener) {
      emitter.on('changes', listener);
      return () => {
        emitter.off('changes', listener);
      };
    },
  };
  const emitChange = (e: ChangeEvent) => emitter.emit('changes', e);
  // Sees every statement this process sends (both drivers, transactions included) before it runs.
  const logger = {
    logQuery(query: string) {
      if (AUTH_WRITE.test(query)) emitAuth({ type: 'write' });
      const written = TABLE_WRITE.exec(query)?.[1];
      if (written) emitChange({ type: 'write', table: written });
    },
  };
  const onNotification = (channel: string, payload: string | undefined) => {
    if (!payload) return;
    if (channel === AUTH_CHANNEL) {
      const e = authEventOf(payload);
      if (e) emitAuth(e);
    } else if (channel === CHANGES_CHANNEL) {
      emitChange({ type: 'table', table: payload });
    } else if (channel === CHANNEL) {
      try {
        emitter.emit('msg', JSON.parse(payload) as BusMessage);
      } catch {
        /* ignore malformed payloads */
      }
    }
  };

  if (opts.databaseUrl) {
    const connectionString = opts.databaseUrl;
    // jit=off: short OLTP queries; PostgreSQL's JIT kicks in on cost estimates and adds milliseconds to compile.
    const pool = new pg.Pool({
      connectionString,
      max: Number(process.env.PG_POOL_MAX) || 20,
      options: '-c jit=off',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn('postgres pool: idle client error', err.message));
    const db = drizzlePg({ client: pool, schema, logger });
    await migratePg(db, { migrationsFolder });

    // One LISTEN connection per process; when it drops, `down` (session caches stop trusting themselves) and
    // reconnect; once back, `up` (caches start empty, SSE streams catch up on what they may have missed).
    let closed = false;
    let listener: pg.Client | null = null;
    const listen = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      let lost = false;
      const onLost = () => {
        if (lost || closed) return;
        lost = true;
        listener = null;
        emitAuth({ type: 'down' });
        emitChange({ type: 'down' });
        setTimeout(reconnect, 500).unref();
      };
      c.on('error', (err) => {
        console.warn('postgres LISTEN connection error', err.message);
        onLost();
      });
      c.on('end', onLost);
      c.on('notification', (n) => onNotification(n.channel, n.payload));
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}; LISTEN ${AUTH_CHANNEL}; LISTEN ${CHANGES_CHANNEL}`);
      listener = c;
    };
    const reconnect = () => {
      if (closed) return;
      listen().then(
        () => {
          emitAuth({ type: 'up' });
          emitChange({ type: 'up' });
        },
        () => setTimeout(reconnect, 1000).unref(),
      );
    };
    await listen();
    return {
      db,
      kind: 'postgres',
      bus: {
        async publish(msg) {
          await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(msg)]);
        },
        on,
      },
      auth,
      changes,
      async close() {
        closed = true;
        await (listener as pg.Client | null)?.end().catch(() => {});
        await pool.end();
      },
    };
  }

  let client: PGlite;
  const extensions = { pg_trgm };
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir, { extensions });
  } else {
    client = await PGlite.create({ extensions, ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}) });
  }
  const pdb = drizzlePglite({ client, schema, logger });
  await migratePglite(pdb, { migrationsFolder });
  // The session triggers notify on PGlite too (one process: delivered in-process).
  await client.listen(AUTH_CHANNEL, (payload) => onNotification(AUTH_CHANNEL, payload));
  await client.listen(CHANGES_CHANNEL, (payload) => onNotification(CHANGES_CHANNEL, payload));
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    bus: {
      async publish(msg) {
        queueMicrotask(() => emitter.emit('msg', msg));
      },
      on,
    },
    auth,
    changes,
    async close() {
      await client.close();
    },
  };
}
