import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

export const filesDir = (config: Config) => join(config.dataDir, 'files');

/** Writes bytes under a server-generated name; returns that name. */
export function storeBytes(config: Config, bytes: Buffer): string {
  const dir = filesDir(config);
  mkdirSync(dir, { recursive: true });
  const name = randomUUID();
  writeFileSync(join(dir, name), bytes);
  return name;
}
