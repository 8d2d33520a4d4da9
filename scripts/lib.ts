import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PORT, HOST_APP, REMOTE_APPS } from '../shared/src/federation/apps.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PNPM = path.join(ROOT, '.tools', 'node_modules', '.bin', 'pnpm');

/** The four front-end apps, host first. */
export const APPS = [
  { name: 'host', dir: path.join(ROOT, HOST_APP.package), port: HOST_APP.port, kind: 'host' as const },
  ...Object.values(REMOTE_APPS).map((r) => ({
    name: r.name,
    dir: path.join(ROOT, r.package),
    port: r.port,
    kind: 'remote' as const,
  })),
];
export { API_PORT, REMOTE_APPS };

/** Run a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

/** Start a long-running process whose output lines are prefixed with its name. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return child;
}

/** Resolve when `url` answers 2xx, or reject after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** The value of a `--name=value` command-line option, if given. */
export function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** Debian's Chromium (the test command installs it when absent); Playwright cannot download browsers here. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error(
    'Chromium not found: run ./bawaba test (installs it), apt-get install -y chromium, or set CHROMIUM_PATH',
  );
}

/**
 * Playwright's `chromium` from the e2e package (the scripts have no dependency of their own on it). The caller
 * names the part of its API it uses: the scripts are type-checked without Playwright's types in reach.
 */
export async function loadPlaywrightChromium<Chromium>(): Promise<Chromium> {
  const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
  const entry = require.resolve('@playwright/test');
  const module = (await import(pathToFileURL(entry).href)) as {
    chromium?: Chromium;
    default?: { chromium?: Chromium };
  };
  const chromium = module.chromium ?? module.default?.chromium;
  if (!chromium) throw new Error('playwright-core not found (install the e2e package)');
  return chromium;
}

/** Prints a table: the header, a rule, then each line, every column padded to its widest cell. */
export function printColumns(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}
