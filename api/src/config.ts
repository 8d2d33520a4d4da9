import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

type RateLimits = {
  login: number;
  /** Failed sign-ins per account (email) and window, whatever the IP; default 5. */
  loginPerAccount?: number;
  register: number;
  forgot: number;
  upload: number;
  windowMs: number;
};

/** Object storage for uploads (S3_BUCKET set); without it files stay in DATA_DIR/files. */
export type S3Config = {
  /** `https://…` of an S3-compatible server; unset for AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* env vars, shared config, instance roles). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (self-hosted servers). */
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  /** Folder for the PGlite database, uploads, the dev outbox and the dev JWT secret. */
  dataDir: string;
  /** postgres://… switches from PGlite to node-postgres. */
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimits: RateLimits;
  logger: boolean;
  /** SSE heartbeat comment interval. */
  sseHeartbeatMs: number;
  /** Load the demo seed when the database is empty. */
  seed: boolean;
  /** The mail outbox worker: how often it looks for due mails, and at most how many it sends a second. */
  mailWorker: { intervalMs: number; perSecond: number };
  /** Uploads in an S3-compatible bucket; undefined: on the local disk (DATA_DIR/files). */
  s3: S3Config | undefined;
  /** IDEMPOTENCY_WAIT_MS: how long a repeat of an Idempotency-Key waits for the first request (lib/idempotency.ts). */
  idempotencyWaitMs?: number;
  /** INSTANCE_ID: sent as `x-bawaba-instance` on every answer (which instance behind a balancer answered). */
  instanceId?: string;
  /**
   * TEST_HOOKS=1: the test-only routes of src/modules/test-hooks.ts (the e2e setups set it); never in production
   * (loadConfig refuses it with NODE_ENV=production).
   */
  testHooks?: boolean;
  /** Open data (OCDS releases of public tenders, docs/decisions/0017-open-data.md); absent: the defaults. */
  ocds?: Partial<OcdsConfig>;
  /** Webhook deliveries (modules/webhooks/outbox.ts, docs/api/webhooks.md). */
  webhooks: WebhookConfig;
};

export type WebhookConfig = {
  /** WEBHOOK_TIMEOUT_MS: how long one attempt may take (10 s). */
  timeoutMs: number;
  /** WEBHOOK_BACKOFF_BASE_MS: the wait after the first failure (10 s), doubled after each next one, at most 1 h. */
  backoffBaseMs: number;
  /** WEBHOOK_MAX_ATTEMPTS: after this many failed attempts a delivery is given up (10). */
  maxAttempts: number;
  /** WEBHOOK_WORKER_INTERVAL_MS: how often the worker looks for due deliveries (1 s). */
  intervalMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE_URLS=1: loopback, private and link-local addresses may receive webhooks (a local receiver);
   * on by default outside production, off by default in production.
   */
  allowPrivateUrls: boolean;
  /** Only https:// addresses (NODE_ENV=production). */
  requireHttps: boolean;
};

/** What an OCDS package says about its publisher, and how often the open-data publisher looks for changes. */
export type OcdsConfig = {
  /**
   * OCDS_OCID_PREFIX: the first part of every ocid (`<prefix>-<tender id>`). The default `ocds-bwb000` is a
   * placeholder: a real publisher registers its prefix with the Open Contracting Partnership.
   */
  ocidPrefix: string;
  /** OCDS_PUBLISHER_NAME, OCDS_PUBLISHER_URI (default: the public URL), OCDS_PUBLISHER_SCHEME and _UID (optional). */
  publisherName: string;
  publisherUri: string | undefined;
  publisherScheme: string | undefined;
  publisherUid: string | undefined;
  /** OCDS_LICENSE: the licence the data is published under (default CC BY 4.0). */
  license: string;
  /** OCDS_PUBLISH_INTERVAL_MS: how often each API process looks for tenders to publish (default 1000). */
  publishIntervalMs: number;
};

export const OCDS_DEFAULTS: OcdsConfig = {
  ocidPrefix: 'ocds-bwb000',
  publisherName: 'Bawaba',
  publisherUri: undefined,
  publisherScheme: undefined,
  publisherUid: undefined,
  license: 'https://creativecommons.org/licenses/by/4.0/',
  publishIntervalMs: 1000,
};

const repoRoot = resolve(import.meta.dirname, '..', '..');

const int = (v: string | undefined, d: number) => {
  const n = v ? Number.parseInt(v, 10) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : d;
};

function devSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.toLowerCase();
  return {
    endpoint,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Self-hosted servers (an endpoint is set) rarely have a DNS name per bucket.
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : Boolean(endpoint),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const testHooks = env.TEST_HOOKS === '1';
  // The test hooks change records at will (they end a standstill now): a production process never serves them.
  if (testHooks && env.NODE_ENV === 'production')
    throw new Error('TEST_HOOKS=1 is for tests only: refusing to start with NODE_ENV=production');
  const dataDir = resolve(env.DATA_DIR || join(repoRoot, '.data', 'api'));
  return {
    port: int(env.PORT, 4100),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || 'http://localhost:4000').replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET || devSecret(dataDir),
    jwtTtlSeconds: int(env.JWT_TTL_SECONDS, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Bawaba <no-reply@bawaba.qa>',
    rateLimits: {
      login: int(env.RATE_LIMIT_MAX_LOGIN, 10),
      loginPerAccount: int(env.RATE_LIMIT_MAX_LOGIN_ACCOUNT, 5),
      register: int(env.RATE_LIMIT_MAX_REGISTER, 5),
      forgot: int(env.RATE_LIMIT_MAX_FORGOT, 5),
      upload: int(env.RATE_LIMIT_MAX_UPLOAD, 30),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    },
    logger: env.LOG_LEVEL !== 'silent',
    sseHeartbeatMs: int(env.SSE_HEARTBEAT_MS, 15_000),
    seed: env.SEED !== 'none',
    mailWorker: {
      intervalMs: int(env.MAIL_WORKER_INTERVAL_MS, 1000),
      perSecond: int(env.MAIL_RATE_PER_SECOND, 50),
    },
    s3: s3Config(env),
    idempotencyWaitMs: int(env.IDEMPOTENCY_WAIT_MS, 10_000),
    instanceId: env.INSTANCE_ID || undefined,
    testHooks,
    ocds: {
      ocidPrefix: env.OCDS_OCID_PREFIX || OCDS_DEFAULTS.ocidPrefix,
      publisherName: env.OCDS_PUBLISHER_NAME || OCDS_DEFAULTS.publisherName,
      publisherUri: env.OCDS_PUBLISHER_URI || undefined,
      publisherScheme: env.OCDS_PUBLISHER_SCHEME || undefined,
      publisherUid: env.OCDS_PUBLISHER_UID || undefined,
      license: env.OCDS_LICENSE || OCDS_DEFAULTS.license,
      publishIntervalMs: int(env.OCDS_PUBLISH_INTERVAL_MS, OCDS_DEFAULTS.publishIntervalMs),
    },
    webhooks: {
      timeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
      backoffBaseMs: int(env.WEBHOOK_BACKOFF_BASE_MS, 10_000),
      maxAttempts: int(env.WEBHOOK_MAX_ATTEMPTS, 10),
      intervalMs: int(env.WEBHOOK_WORKER_INTERVAL_MS, 1000),
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS
        ? env.WEBHOOK_ALLOW_PRIVATE_URLS === '1' || env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true'
        : env.NODE_ENV !== 'production',
      requireHttps: env.NODE_ENV === 'production',
    },
  };
}
