import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, UploadPurpose } from '@bawaba/shared/contracts';
import { fileDownload, upload } from '@bawaba/shared/routes';
import multipart from '@fastify/multipart';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parse, ValidationError } from '../../http.ts';
import { tmpDir, tmpPath } from '../../lib/filestore/tmp.ts';
import { fileNameProblem } from '../../lib/storage.ts';
import { serve } from '../../route.ts';
import { type FileRow, fileOut } from './serializers.ts';
import { acceptUpload, readableFile } from './service.ts';

/** Room for the multipart boundaries, headers and the purpose field around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** How long the rest of a refused upload is read and thrown away before the connection is cut. */
const DISCARD_MS = 5000;

/**
 * After refusing an upload mid-body (too large, a forbidden name), the rest of the body is read and thrown away,
 * for at most DISCARD_MS, instead of closing the connection at once: a socket closed while the client is still
 * sending answers the client's next bytes with a reset, and a reset makes the client's kernel drop our answer if
 * it is not read yet — the client then sees a broken connection instead of "file too large" (seen in CI under
 * load). The answer itself still goes out at once; a client still sending after DISCARD_MS is cut off.
 */
function discardRestOfBody(raw: IncomingMessage): void {
  if (raw.complete) return;
  raw.unpipe();
  raw.resume();
  // (A request made with inject, in tests, has a stand-in socket without destroy.)
  const cut = setTimeout(() => {
    if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
  }, DISCARD_MS);
  cut.unref();
  raw.once('end', () => clearTimeout(cut));
  raw.socket.once('close', () => clearTimeout(cut));
}

/** The multipart `purpose` field (the upload's entry has no body schema: its body is read part by part). */
const UploadPurposeBody = v.object({ purpose: UploadPurpose });

export const filesModule: Module = async (app, ctx) => {
  // The upload route reads multipart bodies, and only it: @fastify/multipart is registered in this scope, so its
  // per-request hooks run here only (elsewhere app.ts accepts a multipart body unread, as @fastify/multipart's own
  // parser did when it was registered for every route).
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    // preservePath: the file name as sent (busboy would cut it to its base name), so path tricks can be refused.
    await uploads.register(multipart, {
      preservePath: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    });
    serve(
      uploads,
      ctx,
      upload,
      async ({ auth: a, req }) => {
        if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        // Refused at once when the client announces more than the limit (plus room for the multipart envelope):
        // the answer goes out before the body is read, and the rest is dropped like any refused upload's. Closing
        // instead made a proxy in front (the site's /api) fail with EPIPE before it read the 413.
        if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
          discardRestOfBody(req.raw);
          throw new AppError('FILE_TOO_LARGE');
        }
        // The file is received into a temp file (counted: the 50 MB limit stops it at once), checked there
        // (acceptUpload in service.ts), and only an accepted file goes on to the store; the temp file is removed in every case. A refused or
        // aborted upload therefore never reaches the store (README "Files and object storage").
        await mkdir(tmpDir(ctx.config.dataDir), { recursive: true });
        const tmp = tmpPath(ctx.config.dataDir);
        // The bytes' MD5 on the way in, for S3's Content-MD5 (the bucket checks what it received).
        const md5 = ctx.fileStore.kind === 's3' ? createHash('md5') : null;
        let purposeField: unknown = (req.query as Record<string, unknown>)?.purpose;
        let originalName = '';
        let gotFile = false;
        let truncated = false;
        let row: FileRow | undefined;
        try {
          try {
            for await (const part of req.parts()) {
              if (part.type === 'file') {
                if (gotFile || part.fieldname !== 'file') {
                  part.file.resume();
                  continue;
                }
                gotFile = true;
                originalName = (part.filename || 'file').normalize('NFC');
                if (fileNameProblem(originalName)) {
                  discardRestOfBody(req.raw);
                  throw new AppError('FILE_NAME_NOT_ALLOWED');
                }
                // At the 50 MB mark answer at once, instead of draining the rest of the part (busboy would skip
                // it to the next boundary, however far that is).
                part.file.once('limit', () => part.file.destroy(new AppError('FILE_TOO_LARGE')));
                const hashing = md5
                  ? new Transform({
                      transform(chunk: Buffer, _enc, done) {
                        md5.update(chunk);
                        done(null, chunk);
                      },
                    })
                  : new PassThrough();
                await pipeline(part.file, hashing, createWriteStream(tmp));
                truncated = part.file.truncated;
              } else if (part.fieldname === 'purpose') {
                purposeField = part.value;
              }
            }
          } catch (err) {
            const code = err instanceof AppError ? err.code : (err as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FILE_TOO_LARGE') {
              discardRestOfBody(req.raw);
              throw new AppError('FILE_TOO_LARGE');
            }
            // A broken multipart body (no or wrong boundary, cut short) is the client's fault, not a 500.
            if (err instanceof AppError || ((err as { statusCode?: number }).statusCode ?? 500) < 500)
              throw err;
            throw new AppError('BAD_REQUEST');
          }
          if (truncated) throw new AppError('FILE_TOO_LARGE');
          const { purpose } = parse(UploadPurposeBody, { purpose: purposeField });
          if (!gotFile) throw new ValidationError([{ field: 'file', message: 'Please choose a file.' }]);
          row = await acceptUpload(
            ctx,
            a.user.id,
            { tmp, originalName, purpose, ...(md5 ? { md5: md5.digest('base64') } : {}) },
            req.log,
          );
        } finally {
          // Before the answer goes out: whoever gets an answer finds no temp file left.
          await rm(tmp, { force: true });
        }
        return fileOut(ctx.apiUrl, row!);
      },
      {
        config: {
          rateLimit: { max: ctx.config.rateLimits.upload, timeWindow: ctx.config.rateLimits.windowMs },
        },
      },
    );
  });

  serve(app, ctx, fileDownload, async ({ auth: a, params: { id }, req, reply }) => {
    const f = await readableFile(ctx, a, id, Boolean(req.headers.authorization));
    // Streamed from the store (the local disk or the bucket), never read whole.
    const stored = await ctx.fileStore.get(f.storedName);
    if (!stored) throw new AppError('FILE_NOT_FOUND');
    reply.header('content-type', f.mimeType);
    reply.header('content-length', f.size);
    reply.header('x-content-type-options', 'nosniff');
    if (f.isPublic) {
      reply.header('cache-control', 'public, max-age=86400, immutable');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    } else {
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="${encodeURIComponent(f.originalName)}"`);
    }
    return reply.send(stored.stream);
  });
};
