import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One query layer for both drivers (their runtime API is the same; the types are NodePg's). */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type BusMessage = { userId: number; id: number };

/** Fan-out of "a notification was written": LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export type Bus = {
  publish(msg: BusMessage): Promise<void>;
  on(listener: (msg: BusMessage) => void): () => void;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  bus: Bus;
  close(): Promise<void>;
};

const migrationsFolder = join(import.meta.dirname, '..', '..', 'drizzle');
const CHANNEL = 'bawaba_notifications';

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
}): Promise<Database> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = (listener: (m: BusMessage) => void) => {
    emitter.on('msg', listener);
    return () => {
      emitter.off('msg', listener);
    };
  };

  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn('postgres pool: idle client error', err.message));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    const listener = new pg.Client({ connectionString: opts.databaseUrl });
    listener.on('error', (err) => console.warn('postgres LISTEN connection error', err.message));
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        emitter.emit('msg', JSON.parse(n.payload) as BusMessage);
      } catch {
        /* ignore malformed payloads */
      }
    });
    await listener.query(`LISTEN ${CHANNEL}`);
    return {
      db,
      kind: 'postgres',
      bus: {
        async publish(msg) {
          await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(msg)]);
        },
        on,
      },
      async close() {
        await listener.end().catch(() => {});
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir);
  } else {
    client = await PGlite.create();
  }
  const pdb = drizzlePglite({ client, schema });
  await migratePglite(pdb, { migrationsFolder });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    bus: {
      async publish(msg) {
        queueMicrotask(() => emitter.emit('msg', msg));
      },
      on,
    },
    async close() {
      await client.close();
    },
  };
}
