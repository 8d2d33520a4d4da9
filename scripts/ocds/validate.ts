/**
 * Validates the open data Bawaba serves against the Open Contracting Data Standard's own JSON schemas: the release
 * package and record package schemas of OCDS 1.1, with the release schema patched by every extension a package
 * declares (JSON Merge Patch, as the standard's tools do). Prints each package's errors and a summary; exits 1 on any.
 *
 *   node scripts/ocds/validate.ts --schemas=<dir> --api=<http://127.0.0.1:4100/api/v1>
 *   node scripts/ocds/validate.ts --schemas=<dir> --file=<package.json | package.json.gz> [--file=…]
 *
 * `--api` walks everything the API publishes: the whole change feed (every page), each tender's release package and
 * record, and every monthly bulk file. The schemas are not part of this repository: `<dir>` holds the standard's
 * `release-schema.json`, `release-package-schema.json`, `record-package-schema.json` and
 * `versioned-release-validation-schema.json` of one 1.1.x tag, and `extensions/<repository name>/release-schema.json`
 * for each extension (docs/open-data.md says where they come from and which versions were checked).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import mergePatch from 'json-merge-patch';
import { option } from '../lib.ts';

type Json = Record<string, unknown>;
type Package = Json & {
  extensions?: string[];
  releases?: Json[];
  records?: Json[];
  links?: { next?: string };
};

const schemaDir = option('schemas');
if (!schemaDir) throw new Error('--schemas=<dir> is required (see the comment at the top of this file)');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as Json;
const core = {
  release: readJson('release-schema.json'),
  releasePackage: readJson('release-package-schema.json'),
  recordPackage: readJson('record-package-schema.json'),
  versioned: readJson('versioned-release-validation-schema.json'),
};
const RELEASE_ID = core.release.id as string;

/** The folder of an extension, named as its repository: …/ocds_enquiry_extension/v1.1.5/extension.json. */
function extensionFolder(url: string): string {
  const name = url.split('/').find((part) => /^ocds_.+_extension$/.test(part));
  if (!name) throw new Error(`cannot tell which extension ${url} is`);
  return name;
}

const validators = new Map<string, { releases: ValidateFunction; records: ValidateFunction }>();
/** The package validators for one set of declared extensions (the release schema patched by each, in order). */
function validatorsFor(extensions: string[]) {
  const key = extensions.join(' ');
  const known = validators.get(key);
  if (known) return known;
  let release = structuredClone(core.release);
  for (const url of extensions)
    release = mergePatch.apply(
      release,
      readJson(path.join('extensions', extensionFolder(url), 'release-schema.json')),
    );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(release, RELEASE_ID);
  ajv.addSchema(core.versioned, core.versioned.id as string);
  const made = { releases: ajv.compile(core.releasePackage), records: ajv.compile(core.recordPackage) };
  validators.set(key, made);
  return made;
}

let checked = 0;
let failed = 0;
function check(what: string, pkg: Package): void {
  checked++;
  const v = validatorsFor(pkg.extensions ?? []);
  const validate = pkg.records ? v.records : v.releases;
  if (validate(pkg)) return;
  failed++;
  console.error(`✗ ${what}: ${validate.errors?.length} error(s)`);
  for (const e of (validate.errors ?? []).slice(0, 20))
    console.error(`    ${e.instancePath || '/'} ${e.message}`);
}

async function get(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

async function walkApi(base: string): Promise<void> {
  const ocids = new Map<string, number>();
  let next = `${base}/ocds/releases?limit=1000`;
  for (;;) {
    const response = await get(next);
    // 204: nothing after this cursor, the feed is read to its end.
    if (response.status === 204) break;
    const page = (await response.json()) as Package;
    check(`feed ${next}`, page);
    for (const r of page.releases ?? []) {
      const tenderId = Number(String(r.ocid).split('-').at(-1));
      ocids.set(String(r.ocid), tenderId);
    }
    if (!page.links?.next) throw new Error(`${next}: a feed page without links.next`);
    next = page.links.next;
  }
  for (const [ocid, id] of ocids) {
    check(`${ocid} releases`, (await (await get(`${base}/ocds/tenders/${id}/releases`)).json()) as Package);
    check(`${ocid} record`, (await (await get(`${base}/ocds/tenders/${id}/record`)).json()) as Package);
  }
  const { months } = (await (await get(`${base}/ocds/bulk`)).json()) as { months: { url: string }[] };
  // An API that publishes anything has a month of it: an empty list would leave the bulk files unchecked.
  if (months.length === 0) throw new Error('the bulk list names no month');
  for (const m of months) {
    const url = new URL(m.url, base).href;
    const body = Buffer.from(await (await get(url)).arrayBuffer());
    check(`bulk ${url}`, JSON.parse(gunzipSync(body).toString('utf8')) as Package);
  }
  console.info(`${ocids.size} contracting processes walked`);
}

const api = option('api');
if (api) await walkApi(api.replace(/\/+$/, ''));
for (const file of process.argv
  .filter((a) => a.startsWith('--file='))
  .map((a) => a.slice('--file='.length))) {
  const raw = readFileSync(file);
  check(file, JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as Package);
}
console.info(`OCDS validation: ${checked} package(s) checked against ${schemaDir}, ${failed} with errors`);
if (checked === 0 || failed > 0) process.exitCode = 1;
