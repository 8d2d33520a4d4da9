/**
 * An S3-compatible server for the tests: @20minutes/s3rver (api/README "Files and object storage": why this one,
 * and its limits), started in this test process on a free port with its own temp folder, and stopped again. The
 * API reaches it through the S3 driver exactly as it would reach a real bucket (signed requests, path style).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../src/config.ts';
import { s3Store } from '../src/lib/filestore/s3.ts';

export type TestS3 = {
  config: S3Config;
  /** The same settings as the API's environment (S3_*), for an API started as a process. */
  env: Record<string, string>;
  /** Every object in the bucket (an empty list when the bucket does not exist yet). */
  objects(): Promise<string[]>;
  stop(): Promise<void>;
};

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'bawaba-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    // A new bucket each time: the API creates it at start (HeadBucket, CreateBucket).
    bucket: `bawaba-test-${randomBytes(4).toString('hex')}`,
    region: 'us-east-1',
    // s3rver's built-in account; requests are signed and checked with it.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const probe = s3Store(config);
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async objects() {
      try {
        return (await probe.list()).sort();
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchBucket') return [];
        throw err;
      }
    },
    async stop() {
      probe.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
