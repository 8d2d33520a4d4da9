import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk (`DATA_DIR/files/<name>`, the default) or an S3-compatible bucket
 * (`S3_BUCKET` set). Names are server-generated (a UUID, `files.stored_name`); the database row is what makes a
 * stored file visible, so an object without a row is never served.
 */
export type FileStore = {
  kind: 'local' | 's3';
  /** Creates what the store needs (the folder; the bucket when it is missing). */
  ready(): Promise<void>;
  /**
   * Stores a whole file under `name`, streamed from a file on disk (an accepted upload's temp file, which the
   * local store moves into place) or from bytes (the demo seed). Resolves once it is stored; on failure nothing is
   * left under `name`.
   */
  put(name: string, source: PutSource, meta: { contentType: string }): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such file. */
  get(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a file; a missing one is not an error. */
  delete(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** Every stored name (checks and maintenance; pages through a bucket). */
  list(): Promise<string[]>;
  close(): void;
};

/** A file on disk with its size and MD5 (base64, sent as Content-MD5 so the server checks what it received). */
export type PutSource = Buffer | { path: string; size: number; md5?: string };
