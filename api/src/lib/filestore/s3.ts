import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { FileStore, PutSource } from './store.ts';

/** HTTP status of an SDK error (404 for NoSuchKey/NotFound, …), or undefined for a network error. */
const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Worth another try: a network failure or a 5xx/429 (a stream body cannot be retried by the SDK itself). */
const retryable = (err: unknown) => {
  const status = statusOf(err);
  return status === undefined || status >= 500 || status === 429;
};

/** How many times a put is tried (each try streams the file from the start again). */
const PUT_ATTEMPTS = 3;

/**
 * Files in an S3-compatible bucket through the official SDK, one object per file (key = the stored name).
 *
 * - Uploads are a single PutObject streamed from the accepted upload's temp file with its length and Content-MD5
 *   (the server refuses a body that arrived different); a PUT is atomic, so an object exists whole or not at all.
 *   The SDK's newer default checksums (`WHEN_SUPPORTED`: aws-chunked bodies with a trailing CRC) are turned off
 *   (`WHEN_REQUIRED`): many S3-compatible servers refuse them, and Content-MD5 checks the same on every server.
 * - Downloads stream the object's body; nothing is read into memory.
 * - Path style (`S3_FORCE_PATH_STYLE`) sends bucket-level requests as `/<bucket>` rather than `/<bucket>/`: the
 *   same request for S3, and some self-hosted servers (the test server among them) sign only that form.
 */
export function s3Store(c: S3Config): FileStore {
  const Bucket = c.bucket;
  const client = new S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.accessKeyId && c.secretAccessKey
      ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each download holds a socket while the client reads it: more than the SDK's default 50 per process.
    requestHandler: {
      connectionTimeout: 5000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  if (c.forcePathStyle) {
    client.middlewareStack.add(
      (next) => async (args) => {
        const r = args.request as { path?: unknown };
        if (typeof r.path === 'string' && /^\/[^/]+\/$/.test(r.path)) r.path = r.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash', priority: 'low' },
    );
  }

  return {
    kind: 's3',
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return;
      } catch (err) {
        if (statusOf(err) !== 404)
          throw new Error(`S3 bucket ${Bucket}: cannot reach it (HeadBucket: ${String(err)})`, {
            cause: err,
          });
      }
      try {
        await client.send(
          new CreateBucketCommand({
            Bucket,
            ...(c.region !== 'us-east-1'
              ? { CreateBucketConfiguration: { LocationConstraint: c.region } }
              : {}),
          } as ConstructorParameters<typeof CreateBucketCommand>[0]),
        );
      } catch (err) {
        // Another instance created it at the same moment.
        if ((err as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw err;
      }
    },
    async put(name: string, source: PutSource, meta: { contentType: string }) {
      const size = Buffer.isBuffer(source) ? source.length : source.size;
      const md5 = Buffer.isBuffer(source) ? createHash('md5').update(source).digest('base64') : source.md5;
      for (let attempt = 1; ; attempt++) {
        const Body = Buffer.isBuffer(source) ? source : createReadStream(source.path);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: name,
              Body,
              ContentLength: size,
              ContentType: meta.contentType,
              ...(md5 ? { ContentMD5: md5 } : {}),
            }),
          );
          return;
        } catch (err) {
          if (Body instanceof Readable) Body.destroy();
          if (attempt >= PUT_ATTEMPTS || !retryable(err)) {
            // S3 never keeps half a PUT; a simpler server might: make sure nothing stays under the name.
            await client.send(new DeleteObjectCommand({ Bucket, Key: name })).catch(() => undefined);
            throw err;
          }
          await sleep(200 * attempt);
        }
      }
    },
    async get(name) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        const body = r.Body;
        if (!(body instanceof Readable)) throw new Error('S3 GetObject: the body is not a stream');
        return { stream: body, size: r.ContentLength ?? 0 };
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw err;
      }
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    close() {
      client.destroy();
    },
  };
}
