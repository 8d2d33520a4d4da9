/**
 * Serves one built app in a process of its own (serveApp of serve.ts), for a caller that composes several sites at
 * once: a host build's render server (render-pages.ts) loads Module Federation's Node runtime, which keeps one remote
 * per name per process, so two hosts that render on the server, each with its own remotes, need two processes.
 *
 *   node scripts/site/serve-app.ts --kind=host|remote --dir=<dist> --port=<n> [--api=<url>] [--remote-map=<json>]
 *                                  [--no-render]
 *
 * `--port=0` takes any free port. `--name value` works as well as `--name=value`. `--remote-map` is the runtime remote map (serve.ts
 * RemoteMapConfig: `{ "remotes": { "directory": "http://…/mf-manifest.json", … }, "overrideOrigins": [] }`); a plain
 * `{ name: manifest URL }` object is taken as its `remotes`. Prints `listening <url>` once it answers, and stops on
 * SIGTERM or SIGINT, or when the process that started it through `serveAppProcess` goes away.
 */
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startProcess } from '../lib.ts';
import { type RemoteMapConfig, type ServeOptions, serveApp } from './serve.ts';

/** The value of each `--name=value` or `--name value` argument, and `true` for a bare `--name`. */
function argumentValues(argv: readonly string[]): Map<string, string | true> {
  const values = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const equals = arg.indexOf('=');
    if (equals > 0) values.set(arg.slice(2, equals), arg.slice(equals + 1));
    else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--'))
      values.set(arg.slice(2), argv[++i] as string);
    else values.set(arg.slice(2), true);
  }
  return values;
}

/** The serve options an argument list asks for (the usage above); throws on a missing or malformed one. */
export function parseServeArguments(argv: readonly string[]): ServeOptions {
  const values = argumentValues(argv);
  const text = (name: string): string | undefined => {
    const value = values.get(name);
    if (value === true) throw new Error(`--${name} needs a value`);
    return value;
  };
  const kind = text('kind');
  if (kind !== 'host' && kind !== 'remote') throw new Error('--kind=host or --kind=remote');
  const dir = text('dir');
  if (!dir) throw new Error('--dir=<the build folder>');
  const portText = text('port');
  const port = Number(portText);
  if (!portText || !Number.isInteger(port) || port < 0)
    throw new Error('--port=<a port number, 0 for any free one>');
  const options: ServeOptions = { kind, dir: path.resolve(dir), port };
  const api = text('api');
  if (api) options.apiUrl = api;
  const map = text('remote-map');
  if (map) {
    const parsed = JSON.parse(map) as Partial<RemoteMapConfig> | Record<string, string>;
    options.remoteMap =
      typeof parsed.remotes === 'object' && parsed.remotes !== null
        ? { remotes: parsed.remotes, overrideOrigins: (parsed as RemoteMapConfig).overrideOrigins ?? [] }
        : { remotes: parsed as Record<string, string>, overrideOrigins: [] };
  }
  if (values.has('no-render')) options.render = false;
  return options;
}

/** The arguments that ask this CLI for `options` (parseServeArguments' inverse). */
export function serveArguments(options: ServeOptions): string[] {
  return [
    `--kind=${options.kind}`,
    `--dir=${options.dir}`,
    `--port=${options.port}`,
    ...(options.apiUrl ? [`--api=${options.apiUrl}`] : []),
    ...(options.remoteMap ? [`--remote-map=${JSON.stringify(options.remoteMap)}`] : []),
    ...(options.render === false ? ['--no-render'] : []),
  ];
}

export interface AppProcess {
  /** What the app answers at, as printed by the child. */
  url: string;
  process: ChildProcess;
  /** Stops the child and resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * Serves `options` from a child process running this CLI (its output prefixed with `name`), resolved once it
 * listens. The child also stops when this process exits without closing it (their IPC channel closes).
 */
export function serveAppProcess(
  name: string,
  options: ServeOptions,
  timeoutMs = 60_000,
): Promise<AppProcess> {
  const child = startProcess(name, process.execPath, [import.meta.filename, ...serveArguments(options)], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`${name} did not listen within ${timeoutMs} ms`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const url = /^listening (\S+)$/m.exec(seen)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ url, process: child, close });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code ?? signal} before listening`));
    });
  });
}

if (import.meta.main) {
  const options = parseServeArguments(process.argv.slice(2));
  const server = await serveApp(options);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Started by serveAppProcess: its parent gone (even killed), this server goes too.
  if (process.send) process.once('disconnect', stop);
  // The port bound (the one asked for, or the free one the system gave for 0).
  console.log(`listening http://localhost:${(server.server.address() as AddressInfo).port}`);
}
