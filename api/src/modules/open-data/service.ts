import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import {
  OCDS_EXTENSIONS,
  OCDS_VERSION,
  type OcdsBulkList,
  type OcdsRecordPackage,
  type OcdsRelease,
  type OcdsReleasePackage,
} from '@bawaba/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isPublic } from '../tenders/index.ts';
import { ocidOf } from './build.ts';
import { feedPage, monthBatch, monthScope, releaseMonths, releasesOf } from './queries.ts';
import { ocdsSettings, publisherOf } from './settings.ts';

/**
 * What the open-data routes answer (docs/decisions/0017-open-data.md): OCDS packages read from the published
 * releases, each with the ETag of its scope (its newest `seq` and how many releases it holds: releases are never
 * changed, so the same scope is the same answer) and how long it may be cached.
 */
export type Answer<T> = { etag: string; cache: string; body: T };

/** How long answers may be kept: the per-tender packages and the feed briefly, a past month's file long. */
const SHORT = 'public, max-age=60';
const LONG = 'public, max-age=86400';

const etagOf = (...parts: (string | number)[]) => `W/"ocds-${parts.join('-')}"`;

/** What every package says about itself: its URI, version, extensions, publisher, licence and policy. */
function meta(ctx: Ctx, uri: string, publishedDate: string) {
  return {
    uri,
    version: OCDS_VERSION as typeof OCDS_VERSION,
    extensions: [...OCDS_EXTENSIONS],
    publishedDate,
    publisher: publisherOf(ctx),
    license: ocdsSettings(ctx).license,
    publicationPolicy: ctx.site('/open-data'),
  };
}

/** The releases of a tender a visitor may open (404 otherwise, saying nothing more, as the tender route does). */
async function publicReleases(ctx: Ctx, tenderId: number) {
  const db = ctx.database.db;
  const [t] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!t || !isPublic(t)) throw new AppError('TENDER_NOT_FOUND');
  const rows = await releasesOf(db, tenderId);
  if (rows.length === 0) throw new AppError('TENDER_NOT_FOUND');
  return rows;
}

const packageUri = (ctx: Ctx, tenderId: number) => ctx.apiUrl(`/ocds/tenders/${tenderId}/releases`);

export async function tenderReleases(ctx: Ctx, tenderId: number): Promise<Answer<OcdsReleasePackage>> {
  const rows = await publicReleases(ctx, tenderId);
  const last = rows.at(-1)!;
  return {
    etag: etagOf('t', tenderId, last.seq, rows.length),
    cache: SHORT,
    body: {
      ...meta(ctx, packageUri(ctx, tenderId), last.publishedAt.toISOString()),
      releases: rows.map((r) => r.release as OcdsRelease),
    },
  };
}

export async function tenderRecord(ctx: Ctx, tenderId: number): Promise<Answer<OcdsRecordPackage>> {
  const rows = await publicReleases(ctx, tenderId);
  const last = rows.at(-1)!;
  const ocid = ocidOf(ctx, tenderId);
  // Every release is a whole snapshot, so the newest one is the compiled state of the process.
  const compiledRelease = {
    ...(last.release as OcdsRelease),
    id: `${ocid}-compiled`,
    tag: ['compiled' as const],
  };
  return {
    etag: etagOf('r', tenderId, last.seq, rows.length),
    cache: SHORT,
    body: {
      ...meta(ctx, ctx.apiUrl(`/ocds/tenders/${tenderId}/record`), last.publishedAt.toISOString()),
      records: [
        {
          ocid,
          releases: rows.map((r) => ({
            url: `${packageUri(ctx, tenderId)}#${r.releaseId}`,
            date: (r.release as OcdsRelease).date,
            tag: (r.release as OcdsRelease).tag,
          })),
          compiledRelease,
        },
      ],
    },
  };
}

/**
 * The change feed: the releases after `after` in `seq` order. One publisher appends at a time, in commit order
 * (publisher.ts), so reading on from the last `seq` seen never skips or repeats a release.
 */
/**
 * One page of the change feed: the releases after `after`, at most `limit`, with `links.next` after the last of
 * them — read it now while pages are full, or later to resume. Null when nothing was published after `after` (yet):
 * the route answers 204, as an OCDS package holds at least one release.
 */
export async function feed(
  ctx: Ctx,
  after: number,
  limit: number,
): Promise<Answer<OcdsReleasePackage> | null> {
  const page = await feedPage(ctx.database.db, after, limit);
  const last = page.at(-1);
  if (!last) return null;
  const here = ctx.apiUrl(`/ocds/releases?after=${after}&limit=${limit}`);
  return {
    etag: etagOf('f', after, limit, last.seq, page.length),
    cache: SHORT,
    body: {
      ...meta(ctx, here, last.publishedAt.toISOString()),
      links: { next: ctx.apiUrl(`/ocds/releases?after=${last.seq}&limit=${limit}`) },
      releases: page.map((r) => r.release as OcdsRelease),
    },
  };
}

const monthFile = (ctx: Ctx, month: string) => ctx.apiUrl(`/ocds/bulk/${month}.json.gz`);

export async function bulkList(ctx: Ctx): Promise<Answer<OcdsBulkList>> {
  const months = await releaseMonths(ctx.database.db);
  const newest = Math.max(0, ...months.map((m) => m.last));
  const total = months.reduce((n, m) => n + m.n, 0);
  return {
    etag: etagOf('b', newest, total),
    cache: SHORT,
    body: { months: months.map((m) => ({ month: m.month, releases: m.n, url: monthFile(ctx, m.month) })) },
  };
}

/** A month (`YYYY-MM`, UTC) as the range [from, to). */
function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

/** Releases read per query while a month's file is written. */
const BULK_BATCH = 200;

/**
 * A month's release package, gzipped, as a stream opened only when it is sent (not for a 304): the package's head,
 * then its releases read in batches by `seq` and written one by one, then its end — memory stays flat however many
 * releases the month holds. A failure while it streams (the database gone) ends the response instead of escaping
 * as an unhandled stream error, which would end the process. A month without releases is not found. A past month's
 * file no longer changes (cached long); the current one's does (briefly).
 */
export async function bulkMonth(ctx: Ctx, month: string): Promise<Answer<() => Readable>> {
  const db = ctx.database.db;
  const { from, to } = monthRange(month);
  const scope = await monthScope(db, from, to);
  if (scope.n === 0) throw new AppError('NOT_FOUND');
  const head = JSON.stringify(meta(ctx, monthFile(ctx, month), new Date().toISOString()));
  async function* pieces() {
    yield `${head.slice(0, -1)},"releases":[`;
    let after = 0;
    let first = true;
    for (;;) {
      const batch = await monthBatch(db, from, to, after, BULK_BATCH);
      if (batch.length === 0) break;
      for (const r of batch) {
        yield `${first ? '' : ','}${JSON.stringify(r.release)}`;
        first = false;
      }
      after = batch.at(-1)!.seq;
    }
    yield ']}';
  }
  return {
    etag: etagOf('m', month, scope.last, scope.n),
    cache: to.getTime() <= Date.now() ? LONG : SHORT,
    body: () =>
      pipeline(Readable.from(pieces()), createGzip(), (error) => {
        if (error) console.error(`open data: the bulk file of ${month} stopped while streaming`, error);
      }),
  };
}
