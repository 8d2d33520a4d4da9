import type { Config } from '../../config.ts';
import { localStore } from './local.ts';
import { s3Store } from './s3.ts';
import type { FileStore } from './store.ts';

/** The store of this configuration: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function openFileStore(config: Config): FileStore {
  return config.s3 ? s3Store(config.s3) : localStore(config.dataDir);
}
