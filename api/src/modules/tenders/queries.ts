import type { TenderListQuery } from '@bawaba/shared/contracts';
import { qatarDayEnd, qatarDayStart } from '@bawaba/shared/rules';
import { normalizeText } from '@bawaba/shared/search';
import { and, count, desc, eq, gte, ilike, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import {
  clarifications,
  companies,
  interests,
  proposals,
  proposalVersions,
  services,
  tenderAmendments,
  tenderEvents,
  tenders,
  users,
} from '../../db/schema.ts';
import type { Auth } from '../../lib/auth.ts';
import { likePattern } from '../../lib/localize.ts';
import { type Party, tenderSide } from '../../lib/recipients.ts';
import { wordQuery } from '../../lib/search.ts';
import { type Side, sideOf, sideRecords } from '../../lib/sides.ts';
import type { Bind, ShapedStatements } from '../../lib/statements.ts';
import { filesByIds } from '../files/index.ts';
import { stateCondition } from './lifecycle.ts';
import type { TenderRow } from './rows.ts';

/**
 * The tender domain's reads, in one place. The writes stay in service.ts and the decision files, inside their
 * transaction next to the rule they carry out, and so does a read that locks a row (`for update`) for a change.
 * The reads that load a tender's related rows for its answer are in tender-serializer.ts.
 */

type Query = v.InferOutput<typeof TenderListQuery>;

/** A tender asks for one of these services (`service_ids @> [id]`, served by the GIN index on service_ids). */
export const asksForAny = (serviceIds: number[], bind?: Bind): SQL =>
  or(
    ...serviceIds.map((id) => {
      const json = JSON.stringify([id]);
      return sql`${tenders.serviceIds} @> ${bind ? bind.value(json) : json}::jsonb`;
    }),
  ) ?? sql`false`;

/**
 * The spec's tender filters as SQL conditions, plus the keyword and the service or category (`categoryServices`: the
 * ids of the category's services, looked up by the caller). The keyword (`q`): every word must match the number, the
 * title or the description, by the full-text search of src/lib/search.ts (docs/api/search.md); `title`: every word
 * in the number or the title. Every value goes through `bind.value` and every filter set through `bind.shape`
 * (src/lib/statements.ts `shapedStatements`: the statement is compiled once per shape).
 */
function tenderFilters(q: Query, words: ListWords, categoryServices: number[], now: Date, bind: Bind): SQL[] {
  const w: SQL[] = [];
  const add = (filter: string, condition: SQL | undefined) => {
    bind.shape(filter);
    if (condition) w.push(condition);
  };
  const v = bind.value;
  // Typed with Arabic-Indic or Persian digits, a number is the same number.
  if (q.number) add('number', ilike(tenders.number, v(likePattern(normalizeText(q.number)))));
  for (const word of words.title) add('title', sql`search_name @@ ${wordQuery(word, bind)}`);
  for (const word of words.q)
    add('q', sql`(search_name @@ ${wordQuery(word, bind)} or search_text @@ ${wordQuery(word, bind)})`);
  if (typeof q.serviceId === 'number') add('service', asksForAny([q.serviceId], bind));
  if (typeof q.categoryId === 'number')
    add(`category${categoryServices.length}`, asksForAny(categoryServices, bind));
  if (q.status) add('status', eq(tenders.status, v(q.status)));
  if (q.approvalStatus) add('approval', eq(tenders.approvalStatus, v(q.approvalStatus)));
  if (typeof q.minBond === 'number') add('minBond', gte(tenders.bond, v(q.minBond, tenders.bond)));
  if (typeof q.maxBond === 'number') add('maxBond', lte(tenders.bond, v(q.maxBond, tenders.bond)));
  if (typeof q.minBudget === 'number') add('minBudget', gte(tenders.budget, v(q.minBudget, tenders.budget)));
  if (typeof q.maxBudget === 'number') add('maxBudget', lte(tenders.budget, v(q.maxBudget, tenders.budget)));
  // A bare date (yyyy-mm-dd) is a Qatar day: "from" starts at its midnight in Qatar, "to" includes the whole day.
  const range = (name: string, col: typeof tenders.startDate, from?: string, to?: string) => {
    if (from) add(`${name}From`, gte(col, v(qatarDayStart(from), col)));
    if (to) add(`${name}To`, lte(col, v(qatarDayEnd(to), col)));
  };
  range('start', tenders.startDate, q.startDateFrom, q.startDateTo);
  range('end', tenders.endDate, q.endDateFrom, q.endDateTo);
  range('publish', tenders.publishDate, q.publishDateFrom, q.publishDateTo);
  if (typeof q.isPublished === 'boolean') add('published', eq(tenders.isPublished, v(q.isPublished)));
  if (q.state) add(`state:${q.state}`, stateCondition(q.state, v(now, tenders.deadline)));
  return w;
}

/**
 * The sides taking part in a tender besides its own (lib/recipients.ts parties): the interested, the questioners and
 * the bidders.
 */
export async function participants(db: Db | Tx, t: TenderRow): Promise<Party[]> {
  const [i, q, p] = await Promise.all([
    db
      .select({ companyId: interests.companyId, userId: interests.userId })
      .from(interests)
      .where(eq(interests.tenderId, t.id)),
    db
      .select({ userId: clarifications.askerId })
      .from(clarifications)
      .where(eq(clarifications.tenderId, t.id)),
    db
      .select({ companyId: proposals.companyId, userId: proposals.bidderId })
      .from(proposals)
      .where(eq(proposals.tenderId, t.id)),
  ]);
  const own = tenderSide(t);
  // A question records no company: it concerns its asker.
  const askers = q.map((r) => ({ companyId: null, userId: r.userId }));
  return [...i, ...askers, ...p].filter((party) =>
    party.companyId !== null ? party.companyId !== own.companyId : party.userId !== own.userId,
  );
}

export async function adminIds(db: Db | Tx): Promise<number[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map((u) => u.id);
}

/** A user's name ('' for none). */
export async function userName(db: Db | Tx, userId: number): Promise<string> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return u?.name ?? '';
}

/**
 * The tender documents (ids) the caller may put on a tender, with their names: those they uploaded, and those
 * already `onTender` (a colleague's upload stays when another member edits the company's tender).
 */
export async function documentNames(
  db: Db | Tx,
  userId: number,
  ids: string[],
  onTender: string[] = [],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await filesByIds(db, ids);
  return new Map(
    found
      .filter((f) => (f.ownerId === userId || onTender.includes(f.id)) && f.purpose === 'tender-document')
      .map((f) => [f.id, f.originalName]),
  );
}

/** A tender's questions, newest first. */
export function clarificationsOf(db: Db | Tx, tenderId: number) {
  return db
    .select()
    .from(clarifications)
    .where(eq(clarifications.tenderId, tenderId))
    .orderBy(desc(clarifications.id));
}

/** How many of the asker's questions on a tender are unanswered. */
export async function openQuestionCount(db: Db | Tx, tenderId: number, askerId: number): Promise<number> {
  const [open] = await db
    .select({ n: count() })
    .from(clarifications)
    .where(
      and(
        eq(clarifications.tenderId, tenderId),
        eq(clarifications.askerId, askerId),
        isNull(clarifications.answer),
      ),
    );
  return open?.n ?? 0;
}

/** A tender's amendments, newest first. */
/** A tender's amendments, newest first, each with who made it: the member of its `amended` event and their company. */
export function amendmentsOf(db: Db | Tx, tenderId: number) {
  return db
    .select({ a: tenderAmendments, actorId: tenderEvents.actorId, ...whoActed })
    .from(tenderAmendments)
    .leftJoin(
      tenderEvents,
      and(
        eq(tenderEvents.tenderId, tenderAmendments.tenderId),
        eq(tenderEvents.action, 'amended'),
        sql`(${tenderEvents.details}->>'number')::int = ${tenderAmendments.number}`,
      ),
    )
    .leftJoin(users, eq(users.id, tenderEvents.actorId))
    .leftJoin(companies, eq(companies.id, tenderEvents.companyId))
    .where(eq(tenderAmendments.tenderId, tenderId))
    .orderBy(desc(tenderAmendments.number));
}

/** One proposal of the tender (undefined: none with that id in it). */
export async function proposalOf(db: Db | Tx, tenderId: number, proposalId: number) {
  const [p] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.tenderId, tenderId)));
  return p;
}

/** What a proposal's current version offers: its price and currency. */
export async function currentOffer(
  db: Db | Tx,
  p: { id: number; currentVersion: number },
): Promise<{ amount: number; currency: string }> {
  const [v] = await db
    .select({ amount: proposalVersions.offerPrice, currency: proposalVersions.currency })
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, p.id), eq(proposalVersions.version, p.currentVersion)));
  if (!v) throw new Error(`proposal ${p.id} has no version ${p.currentVersion}`);
  return v;
}

/**
 * The amount and currency a tender is awarded for: the proposal's best and final offer where it made one (an award
 * waits for the round to close), else its current version's price.
 */
export async function awardedOffer(
  db: Db | Tx,
  p: { id: number; currentVersion: number; bafoPrice: number | null },
): Promise<{ amount: number; currency: string }> {
  const offer = await currentOffer(db, p);
  return p.bafoPrice === null ? offer : { ...offer, amount: p.bafoPrice };
}

/** The bidding sides of the tender's other proposals. */
export function otherBidders(db: Db | Tx, tenderId: number, proposalId: number): Promise<Party[]> {
  return db
    .select({ companyId: proposals.companyId, userId: proposals.bidderId })
    .from(proposals)
    .where(and(eq(proposals.tenderId, tenderId), ne(proposals.id, proposalId)));
}

/** The tender's audit trail with each actor's name, oldest first. */
export function auditTrail(db: Db | Tx, tenderId: number) {
  return db
    .select({ e: tenderEvents, ...whoActed })
    .from(tenderEvents)
    .leftJoin(users, eq(users.id, tenderEvents.actorId))
    .leftJoin(companies, eq(companies.id, tenderEvents.companyId))
    .where(eq(tenderEvents.tenderId, tenderId))
    .orderBy(tenderEvents.createdAt, tenderEvents.id);
}

/** The columns naming who acted (joined users) and the company they acted for (joined companies). */
const whoActed = {
  person: { name: users.name },
  company: { id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr },
};

/**
 * With a keyword, the tenders whose number or title hold every word first (one test of the small title document a
 * row: a keyword found in most descriptions ranks every tender), then the rest; without one, nothing (newest first).
 */
function keywordRank(words: string[], bind: Bind): SQL[] {
  if (words.length === 0) return [];
  const all = sql.join(
    words.map((word) => wordQuery(word, bind)),
    sql` && `,
  );
  return [sql`(search_name @@ (${all})) desc`];
}

/** The words of a list query's keyword (`q`) and of its title filter (src/lib/search.ts `searchQueryWords`). */
export type ListWords = { q: string[]; title: string[] };

/**
 * The ids of the tenders in `scope` matching the list's filters at `now`, in the list's order (newest first; with a
 * keyword, the tenders whose number or title hold every word first), as one comma list; and the first deadline after
 * `now` of any tender, in ms since the epoch (when a state filter's answer changes by the clock alone). `statements`
 * compile the statement once per shape (src/lib/statements.ts); `shared`: the scope is the same for every caller
 * (its text holds no value of a caller), so the compiled statement is kept.
 */
export async function tenderIdList(
  db: Db | Tx,
  statements: ShapedStatements<{ ids: string | null; nextDeadline: number | null }[]>,
  scope: { where: SQL | undefined; shared: boolean },
  q: Query,
  words: ListWords,
  now: Date,
): Promise<{ ids: string | null; nextDeadline: number | null }> {
  const categoryServices =
    typeof q.categoryId === 'number'
      ? (
          await db.select({ id: services.id }).from(services).where(eq(services.categoryId, q.categoryId))
        ).map((s) => s.id)
      : [];
  const bind = statements.begin();
  const order = sql.join(
    [...keywordRank(words.q, bind), sql`${tenders.createdAt} desc`, sql`${tenders.id} desc`],
    sql`, `,
  );
  const filters = tenderFilters(q, words, categoryServices, now, bind);
  const [r] = await bind.run(
    db
      .select({
        ids: sql<string | null>`string_agg(${tenders.id}::text, ',' order by ${order})`,
        nextDeadline: sql<
          number | null
        >`(select (extract(epoch from min(d.deadline)) * 1000)::float8 from ${tenders} as d where d.deadline > ${bind.value(now.toISOString())}::timestamptz)`,
      })
      .from(tenders)
      .where(and(scope.where, ...filters)),
    scope.shared,
  );
  return { ids: r?.ids ?? null, nextDeadline: r?.nextDeadline ?? null };
}

/** The tenders a side has a stake in besides its own: those it expressed an interest in or bid on. */
export async function tendersWithStakeOf(db: Db | Tx, side: Side): Promise<Set<number>> {
  const r = await db.execute(
    sql`select ${interests.tenderId} as id from ${interests} where ${sideRecords(side, interests.companyId, interests.userId)}
        union select ${proposals.tenderId} from ${proposals} where ${sideRecords(side, proposals.companyId, proposals.bidderId)}`,
  );
  return new Set((r.rows as { id: number }[]).map((x) => Number(x.id)));
}

export async function tenderById(db: Db | Tx, id: number): Promise<TenderRow | undefined> {
  const [t] = await db.select().from(tenders).where(eq(tenders.id, id));
  return t;
}

/** The interests in a tender, newest first. */
export function interestsOfTender(db: Db | Tx, tenderId: number) {
  return db.select().from(interests).where(eq(interests.tenderId, tenderId)).orderBy(desc(interests.id));
}

/** A side's interests, newest first. */
export function interestsOfSide(db: Db | Tx, side: Side) {
  return db
    .select()
    .from(interests)
    .where(sideRecords(side, interests.companyId, interests.userId))
    .orderBy(desc(interests.id));
}

/** A side's interest in a tender: its status (pending, approved, rejected), or null when it expressed none. */
export async function interestStatus(db: Db | Tx, tenderId: number, side: Side): Promise<string | null> {
  const [i] = await db
    .select({ status: interests.status })
    .from(interests)
    .where(and(eq(interests.tenderId, tenderId), sideRecords(side, interests.companyId, interests.userId)));
  return i?.status ?? null;
}

/** The caller's side's proposal on the tender (their company's, or their own made as themselves), if any. */
export async function sideProposal(db: Db | Tx, a: Auth, tenderId: number) {
  const [p] = await db
    .select()
    .from(proposals)
    .where(
      and(eq(proposals.tenderId, tenderId), sideRecords(sideOf(a), proposals.companyId, proposals.bidderId)),
    )
    .limit(1);
  return p;
}
