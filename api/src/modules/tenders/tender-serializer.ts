import type { CredentialKind, Tender } from '@bawaba/shared/contracts';
import {
  type CallerFacts,
  clarificationCutoff,
  inLanguage,
  ownsTender,
  tenderPermissions,
} from '@bawaba/shared/rules';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  companies,
  interests,
  proposals,
  services,
  tenderEvaluators,
  tenderObjections,
  tenders,
  users,
} from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso, named, nameFor } from '../../lib/localize.ts';
import { sideRecords } from '../../lib/sides.ts';
import { heldCredentialKinds } from '../credentials/index.ts';
import { fileOut, filesByIds } from '../files/index.ts';
import { evaluationOf } from './evaluation.ts';
import { tenderState } from './lifecycle.ts';
import { isPast, type TenderRow } from './rows.ts';

/**
 * Who a tender is serialized for (null: a visitor): its `is*` flags and its `can` are theirs; `companyId` is the
 * company their session acts for (null or absent: themselves), `roles` theirs in it.
 */
export type Viewer = { id: number; isAdmin: boolean; companyId?: number | null; roles?: readonly string[] };

/** The viewer of a signed-in caller (null: a visitor). */
export const viewerOf = (
  a: {
    user: { id: number; isAdmin: boolean };
    company: { id: number; roles: readonly string[] } | null;
  } | null,
): Viewer | null =>
  a
    ? {
        id: a.user.id,
        isAdmin: a.user.isAdmin,
        companyId: a.company?.id ?? null,
        roles: a.company?.roles ?? [],
      }
    : null;

/** A service, a document and the winner as a tender's answer names them. */
type ServiceRef = { id: number; slug: string; nameEn: string; nameAr: string };
type DocumentRef = { id: string; originalName: string; size: number; mimeType: string };
type WinnerRef = { name: string; nameEn: string | null; nameAr: string | null };

/**
 * What a tender's answer needs besides its row, for one viewer: read by `serializeTenders` for any rows, or with the
 * rows themselves by the list's page statement (`tenderPageStatement`). `services` and `documents` may hold more
 * than the tender's own (it takes those of its ids, in their order).
 */
export type TenderExtras = {
  ownerName: string | null;
  services: ServiceRef[];
  documents: DocumentRef[];
  /** The awarded proposal's bidder: their name, and their company's names (null: no company). */
  winner: WinnerRef | null;
  hasProposal: boolean;
  interest: string | null;
  /** The reader's side's proposal is the one awarded (read only while a standstill runs). */
  wonAward?: boolean;
  /** The reader's side objected to the award. */
  objected?: boolean;
  /** The reader's side's proposal is invited to the best-and-final-offer round. */
  bafoInvited?: boolean;
  /** The reader's standing on the tender's evaluation panel (null: not on it). */
  panel?: CallerFacts['panel'];
  /** Every evaluator who signed the declaration has submitted, and at least one did (the rulebook's `panelReady`). */
  panelReady?: boolean;
  /** The credential kinds the reader's company holds, verified and not expired (the rulebook's `credentials`). */
  credentials?: string[];
};

/** The reader of a page statement: `uid` the user (null: a visitor), `cid` the company their session acts for. */
const uid = sql`${sql.placeholder('uid')}::int`;
const cid = sql`${sql.placeholder('cid')}::int`;
/** A record on the reader's side (src/lib/sides.ts `sideRecords`): their company's, or their personal one. */
const readerSide = (company: SQL, person: SQL) =>
  sql`(${company} = ${cid} or (${company} is null and ${person} = ${uid}))`;

/**
 * A page of a tender list in one statement: the tenders with the ids `ids` (placeholder, int[]) that are (still) in
 * `scope`, each with its `TenderExtras` for the reader (placeholders `uid`, `cid`) — one round trip where
 * `serializeTenders` takes one per related table. Prepare it (a list page's statement is the same text for every
 * page and reader) and execute it with `{ ids, uid, cid }`.
 */
export function tenderPageQuery(db: Db | Tx, scope: SQL | undefined) {
  return db
    .select({
      ...getTableColumns(tenders),
      ownerName: sql<string | null>`(select u.name from users u where u.id = tenders.owner_id)`,
      // Services and documents by the array of the tender's ids (`= any(array(…))`: the primary key, or a filter of a
      // small table), where `in (subquery)` hashed the whole table again for each tender.
      services: sql<
        ServiceRef[]
      >`(select coalesce(json_agg(json_build_object('id', s.id, 'slug', s.slug, 'nameEn', s.name_en, 'nameAr', s.name_ar)), '[]'::json) from services s where s.id = any(array(select e::int from jsonb_array_elements_text(tenders.service_ids) as e)))`,
      documents: sql<
        DocumentRef[]
      >`(select coalesce(json_agg(json_build_object('id', f.id, 'originalName', f.original_name, 'size', f.size, 'mimeType', f.mime_type)), '[]'::json) from files f where f.id = any(array(select jsonb_array_elements_text(tenders.document_ids))))`,
      winner: sql<WinnerRef | null>`(select json_build_object('name', u.name, 'nameEn', c.name_en, 'nameAr', c.name_ar) from proposals p join users u on u.id = p.bidder_id left join companies c on c.id = p.company_id where p.id = tenders.awarded_proposal_id limit 1)`,
      hasProposal: sql<boolean>`exists (select 1 from proposals p where p.tender_id = tenders.id and ${readerSide(sql`p.company_id`, sql`p.bidder_id`)})`,
      interest: sql<
        string | null
      >`(select i.status from interests i where i.tender_id = tenders.id and ${readerSide(sql`i.company_id`, sql`i.user_id`)} limit 1)`,
      wonAward: sql<boolean>`exists (select 1 from proposals p where p.id = tenders.awarded_proposal_id and ${readerSide(sql`p.company_id`, sql`p.bidder_id`)})`,
      objected: sql<boolean>`exists (select 1 from tender_objections o where o.tender_id = tenders.id and ${readerSide(sql`o.company_id`, sql`o.filed_by`)})`,
      bafoInvited: sql<boolean>`exists (select 1 from proposals p where p.tender_id = tenders.id and p.bafo_invited and ${readerSide(sql`p.company_id`, sql`p.bidder_id`)})`,
      panel: sql<
        CallerFacts['panel']
      >`(select json_build_object('chair', e.is_chair, 'declaration', e.declaration, 'submitted', e.submitted_at is not null) from tender_evaluators e where e.tender_id = tenders.id and e.user_id = ${uid})`,
      // Read only for a tender that requires credentials: the kinds the reader's company holds now.
      credentials: sql<
        string[]
      >`(case when cardinality(tenders.required_credentials) > 0 then (select coalesce(json_agg(distinct c.kind), '[]'::json) from company_credentials c where c.company_id = ${cid} and c.status = 'verified' and c.expires_at > now()) else '[]'::json end)`,
      panelReady: sql<boolean>`(exists (select 1 from tender_evaluators e where e.tender_id = tenders.id and e.declaration = 'signed') and not exists (select 1 from tender_evaluators e where e.tender_id = tenders.id and e.declaration = 'signed' and e.submitted_at is null))`,
    })
    .from(tenders)
    .where(and(sql`${tenders.id} = any(${sql.placeholder('ids')}::int[])`, scope));
}

/** The placeholders' values of a page statement for `viewer`. */
export const pageReader = (viewer: Viewer | null) => ({
  uid: viewer?.id ?? null,
  cid: viewer?.companyId ?? null,
});

export async function serializeTenders(
  db: Db | Tx,
  rows: TenderRow[],
  l: Lang,
  viewer: Viewer | null,
  apiUrl: (p: string) => string,
): Promise<Tender[]> {
  if (rows.length === 0) return [];
  const userId = viewer?.id ?? null;
  const side = viewer ? { userId: viewer.id, companyId: viewer.companyId ?? null } : null;
  const ids = rows.map((r) => r.id);
  const svcIds = [...new Set(rows.flatMap((r) => r.serviceIds))];
  const docIds = [...new Set(rows.flatMap((r) => r.documentIds))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const awardedIds = rows.flatMap((r) => (r.awardedProposalId ? [r.awardedProposalId] : []));
  const [svcs, docs, owners, myProps, myInts, winners] = await Promise.all([
    svcIds.length ? db.select().from(services).where(inArray(services.id, svcIds)) : Promise.resolve([]),
    filesByIds(db, docIds),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds)),
    userId
      ? db
          .select({ id: proposals.id, tenderId: proposals.tenderId, bafoInvited: proposals.bafoInvited })
          .from(proposals)
          .where(
            and(
              sideRecords(side!, proposals.companyId, proposals.bidderId),
              inArray(proposals.tenderId, ids),
            ),
          )
      : Promise.resolve([]),
    userId
      ? db
          .select({ tenderId: interests.tenderId, status: interests.status })
          .from(interests)
          .where(
            and(sideRecords(side!, interests.companyId, interests.userId), inArray(interests.tenderId, ids)),
          )
      : Promise.resolve([]),
    awardedIds.length ? winnersOf(db, awardedIds) : Promise.resolve([]),
  ]);
  const objected = userId
    ? await db
        .select({ tenderId: tenderObjections.tenderId })
        .from(tenderObjections)
        .where(
          and(
            sideRecords(side!, tenderObjections.companyId, tenderObjections.filedBy),
            inArray(tenderObjections.tenderId, ids),
          ),
        )
    : [];
  const held =
    viewer?.companyId != null && rows.some((r) => r.requiredCredentials.length > 0)
      ? await heldCredentialKinds(db, viewer.companyId)
      : [];
  const panels = await db
    .select({
      tenderId: tenderEvaluators.tenderId,
      userId: tenderEvaluators.userId,
      isChair: tenderEvaluators.isChair,
      declaration: tenderEvaluators.declaration,
      submittedAt: tenderEvaluators.submittedAt,
    })
    .from(tenderEvaluators)
    .where(inArray(tenderEvaluators.tenderId, ids));
  const now = Date.now();
  const standing = (tenderId: number): CallerFacts['panel'] => {
    const e = panels.find((x) => x.tenderId === tenderId && x.userId === userId);
    return e
      ? {
          chair: e.isChair,
          declaration: e.declaration as NonNullable<CallerFacts['panel']>['declaration'],
          submitted: e.submittedAt !== null,
        }
      : null;
  };
  const ready = (tenderId: number) => {
    const signed = panels.filter((x) => x.tenderId === tenderId && x.declaration === 'signed');
    return signed.length > 0 && signed.every((x) => x.submittedAt !== null);
  };
  return rows.map((t) =>
    tenderOf(
      t,
      {
        ownerName: owners.find((u) => u.id === t.ownerId)?.name ?? null,
        services: svcs,
        documents: docs,
        winner: winners.find((w) => w.proposalId === t.awardedProposalId) ?? null,
        hasProposal: myProps.some((p) => p.tenderId === t.id),
        interest: myInts.find((i) => i.tenderId === t.id)?.status ?? null,
        wonAward: myProps.some((p) => p.id === t.awardedProposalId),
        objected: objected.some((o) => o.tenderId === t.id),
        bafoInvited: myProps.some((p) => p.tenderId === t.id && p.bafoInvited),
        panel: standing(t.id),
        panelReady: ready(t.id),
        credentials: held,
      },
      l,
      viewer,
      now,
      apiUrl,
    ),
  );
}

/** One tender as the contract's `Tender` for `viewer`, from its row and what its answer names besides. */
export function tenderOf(
  t: TenderRow,
  x: TenderExtras,
  l: Lang,
  viewer: Viewer | null,
  now: number,
  apiUrl: (p: string) => string,
): Tender {
  const interest = x.interest;
  const hasProposal = x.hasProposal;
  const title = inLanguage(l, t.titleEn, t.titleAr);
  const description = inLanguage(l, t.descriptionEn, t.descriptionAr);
  return {
    id: t.id,
    number: t.number,
    title: title.text,
    titleLang: title.lang,
    titleEn: t.titleEn,
    titleAr: t.titleAr,
    description: description.text,
    descriptionLang: description.lang,
    descriptionEn: t.descriptionEn,
    descriptionAr: t.descriptionAr,
    status: t.status as 'open' | 'closed',
    approvalStatus: {
      status: t.approvalStatus as 'draft' | 'pending' | 'approved' | 'rejected',
      // Shown while rejected (only its owner and the admins see a rejected tender).
      reason: t.approvalStatus === 'rejected' ? t.rejectionReason : null,
    },
    isPublished: t.isPublished,
    start_date: iso(t.startDate),
    end_date: iso(t.endDate),
    publish_date: iso(t.publishDate),
    deadline: iso(t.deadline),
    createdAt: t.createdAt.toISOString(),
    user: { id: t.ownerId, name: x.ownerName ?? '' },
    ownerId: t.ownerId,
    services: t.serviceIds
      .map((id) => x.services.find((s) => s.id === id))
      .filter((s) => s !== undefined)
      .map((s) => ({ id: s.id, slug: s.slug, ...named(l, s) })),
    bond: t.bond,
    participationFee: t.participationFee,
    budget: t.budget,
    currency: t.currency as 'QAR' | 'USD' | 'EUR',
    documents: t.documentIds
      .map((id) => x.documents.find((d) => d.id === id))
      .filter((d) => d !== undefined)
      .map((d) => fileOut(apiUrl, d)),
    isPastDeadline: isPast(t, now),
    isOwner: ownsTender(t, viewer),
    isProposalSubmitted: hasProposal,
    isInterestSubmitted: interest !== null,
    isInterestApproved: interest === 'approved',
    state: tenderState(t, now),
    clarificationCutoff: iso(clarificationCutoff(t.deadline, t.clarificationCutoff)),
    amendmentCount: t.amendmentCount,
    evaluation: evaluationOf(t),
    outcome:
      t.outcome && t.outcomeAt
        ? {
            status: t.outcome as 'awarded' | 'no_award' | 'cancelled',
            at: t.outcomeAt.toISOString(),
            // The award note is between the owner and the winner; a cancellation's reason is public.
            note: t.outcome !== 'awarded' || ownsTender(t, viewer) ? t.outcomeNote : null,
            winner: t.outcome === 'awarded' && x.winner ? winnerName(x.winner, l) : null,
          }
        : null,
    standstillDays: t.standstillDays,
    standstillEndsAt: t.outcome === null ? iso(t.standstillEndsAt) : null,
    requiredCredentials: t.requiredCredentials as CredentialKind[],
    // The same rules the routes apply when an action is attempted (shared/src/rules/tender-rules.ts).
    ...tenderPermissions(
      { ...t, panelReady: x.panelReady ?? false },
      {
        viewer,
        interest,
        hasProposal,
        wonAward: x.wonAward ?? false,
        objected: x.objected ?? false,
        bafoInvited: x.bafoInvited ?? false,
        panel: x.panel ?? null,
        credentials: x.credentials ?? [],
      },
      now,
    ),
  };
}

/** The public name of an awarded proposal's bidder: their company's name, or their own without a company. */
function winnerName(w: WinnerRef, l: Lang) {
  const company = w.nameEn !== null || w.nameAr !== null ? nameFor(l, w) : null;
  return company ? { name: company.name, nameLang: company.nameLang } : { name: w.name, nameLang: null };
}

/** The bidder of each awarded proposal, with the names of the company it was made for (none: a personal bid). */
function winnersOf(db: Db | Tx, proposalIds: number[]) {
  return db
    .select({
      proposalId: proposals.id,
      name: users.name,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.bidderId))
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .where(inArray(proposals.id, proposalIds));
}
