import { IdParams } from '../common.ts';
import {
  OcdsBulkList,
  OcdsFeedQuery,
  OcdsMonthParams,
  OcdsRecordPackage,
  OcdsReleasePackage,
} from '../open-data.ts';
import { route } from './route.ts';

/**
 * Open data (docs/decisions/0017-open-data.md): OCDS 1.1 packages of public tenders, for anyone, without signing
 * in. The packages are the answer itself (`produces: application/json`), not a `{ data }` envelope, as OCDS tools
 * read them; each answer carries an ETag (a matching If-None-Match answers 304) and a Cache-Control.
 */

const tag = 'open data';

export const ocdsTenderReleases = route({
  method: 'GET',
  path: '/ocds/tenders/:id/releases',
  tag,
  summary: "A public tender's OCDS release package (every release published of it)",
  access: 'public',
  params: IdParams,
  produces: 'application/json',
  response: OcdsReleasePackage,
});

export const ocdsTenderRecord = route({
  method: 'GET',
  path: '/ocds/tenders/:id/record',
  tag,
  summary: "A public tender's OCDS record package: its releases linked, and its compiled release",
  access: 'public',
  params: IdParams,
  produces: 'application/json',
  response: OcdsRecordPackage,
});

export const ocdsFeed = route({
  method: 'GET',
  path: '/ocds/releases',
  tag,
  summary: 'The change feed: releases published after the cursor `after`, in publication order',
  description:
    'A release package of at most `limit` releases whose feed position is after `after`, with `links.next` after its last release: read it now to page on, or later to resume — no release is skipped or repeated. 204 No Content when nothing was published after `after` yet (an OCDS package holds at least one release): keep the same URL and ask again later.',
  access: 'public',
  query: OcdsFeedQuery,
  produces: 'application/json',
  response: OcdsReleasePackage,
});

export const ocdsBulkList = route({
  method: 'GET',
  path: '/ocds/bulk',
  tag,
  summary: 'The monthly bulk files: each month with releases, and its file',
  access: 'public',
  produces: 'application/json',
  response: OcdsBulkList,
});

export const ocdsBulkMonth = route({
  method: 'GET',
  path: '/ocds/bulk/:month.json.gz',
  tag,
  summary: 'One month of releases (YYYY-MM) as a gzipped OCDS release package',
  access: 'public',
  params: OcdsMonthParams,
  produces: 'application/gzip',
});
