import type { FastifyInstance } from 'fastify';
import type { GenericSchema } from 'valibot';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStore } from './lib/filestore/store.ts';
import type { Mailer } from './lib/mail.ts';
import type { Counters } from './lib/rate-limit.ts';

/**
 * What every module gets from the app: configuration, the database, the mailer and a few helpers. In its own file
 * (not app.ts, which loads every module) so that modules and libraries never import the app in a circle.
 */
export type Ctx = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Where uploaded files live: DATA_DIR/files or an S3 bucket (lib/filestore/). */
  fileStore: FileStore;
  /** The rate-limit counters (lib/rate-limit.ts): shared by every process on PostgreSQL, in memory on PGlite. */
  limits: Counters;
  /** The mail outbox worker of this process (lib/mail-outbox.ts); `kick` after enqueuing mails. */
  mail: { kick: () => void };
  /** Open SSE streams of this process (set by the notifications module). */
  sse: { count: () => number };
  /** Every route (method and URL), for the authorization matrix test. */
  routes: { method: string; url: string }[];
  /** The documented schema of each route's success `data`, by `METHOD url` (checked on every answer in tests). */
  responses: Map<string, GenericSchema>;
  /** Absolute URL of a site path (`/set-password?…`) as the browser sees it. */
  site: (path: string) => string;
  /** Absolute URL of an API path (`/files/…`) as the browser sees it (through the host's /api proxy). */
  apiUrl: (path: string) => string;
};

export type App = FastifyInstance & { ctx: Ctx };

export type Module = (app: FastifyInstance, ctx: Ctx) => void | Promise<void>;
