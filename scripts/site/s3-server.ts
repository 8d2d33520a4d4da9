/**
 * The S3-compatible server of the production-like topology (scripts/site/topology.ts): @20minutes/s3rver, the API's
 * test server (api/README "Files and object storage": why this one, and its limits), as a process of its own.
 * A stand-in for a real bucket in this environment — set S3_* to a real one to use it instead.
 *   node scripts/site/s3-server.ts --port=PORT --dir=FOLDER
 * prints one JSON line `{"ready":true,"port":…}` once it listens, and runs until SIGTERM/SIGINT.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { option, ROOT } from '../lib.ts';

/** The parts of s3rver used here (it ships no types; api/test/s3rver.d.ts types them for the API's tests). */
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const port = Number(option('port') ?? 0);
const directory = option('dir');
if (!directory) {
  console.error('usage: node scripts/site/s3-server.ts --port=PORT --dir=FOLDER');
  process.exit(2);
}
// A devDependency of the API: resolved from there (the scripts have no dependency of their own on it).
const entry = createRequire(path.join(ROOT, 'api', 'package.json')).resolve('@20minutes/s3rver');
const module = (await import(pathToFileURL(entry).href)) as { default: S3rverClass };
const server = new module.default({ address: '127.0.0.1', port, silent: true, directory });
const address = await server.run();
console.log(JSON.stringify({ ready: true, port: address.port }));
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
