import type {
  Contract,
  ContractEvent,
  ContractMilestone,
  ContractParty,
  ContractSummary,
  ContractVariation,
  MilestoneStatus,
  VariationStatus,
} from '@bawaba/shared/contracts';
import {
  type ContractViewer,
  contractPermissions,
  contractSide,
  milestonePermissions,
  variationPermissions,
} from '@bawaba/shared/rules';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Lang } from '../../errors.ts';
import { actorFor, iso, nameFor, titleFor } from '../../lib/localize.ts';
import { contractRatingsOf } from '../../lib/reputation.ts';
import { fileOut, filesByIds } from '../files/index.ts';
import {
  awardedVersion,
  type CompanyNames,
  type ContractRow,
  companiesOf,
  eventsOf,
  type MilestoneRow,
  milestonesOf,
  namesOf,
  paymentsOf,
  submissionsOf,
  variationsOf,
} from './queries.ts';
import { factsOf } from './service.ts';

type Tender = { id: number; number: string; titleEn: string | null; titleAr: string | null };
type Names = { people: Map<number, string>; companies: Map<number, CompanyNames> };

const partyOut = (l: Lang, companyId: number | null, userId: number, n: Names): ContractParty => {
  const company = companyId !== null ? n.companies.get(companyId) : undefined;
  if (company) return { companyId, ...nameFor(l, company) };
  return { companyId: null, name: n.people.get(userId) ?? '', nameLang: null };
};

const actorOut = (l: Lang, id: number | null, companyId: number | null, n: Names) =>
  id === null
    ? null
    : actorFor(
        l,
        id,
        { name: n.people.get(id) ?? '' },
        companyId !== null ? (n.companies.get(companyId) ?? null) : null,
      );

function progress(ms: MilestoneRow[]) {
  return {
    total: ms.length,
    accepted: ms.filter((m) => m.status === 'accepted').length,
    paid: ms.filter((m) => m.paidAt !== null).length,
  };
}

function summaryOut(
  l: Lang,
  c: ContractRow,
  t: Tender,
  ms: MilestoneRow[],
  n: Names,
  viewer: ContractViewer,
): ContractSummary {
  return {
    id: c.id,
    number: c.number,
    status: c.status as ContractSummary['status'],
    tender: { id: t.id, number: t.number, ...titleFor(l, t) },
    buyer: partyOut(l, c.buyerCompanyId, c.buyerUserId, n),
    supplier: partyOut(l, c.supplierCompanyId, c.supplierUserId, n),
    side: contractSide(factsOf(c), viewer),
    value: c.value,
    currency: c.currency,
    progress: progress(ms),
    createdAt: c.createdAt.toISOString(),
  };
}

/** The names of both parties of each contract (companies and people), read at once. */
async function partyNames(db: Db, cs: ContractRow[], moreUsers: number[] = [], moreCompanies: number[] = []) {
  const people = await namesOf(db, [...cs.flatMap((c) => [c.buyerUserId, c.supplierUserId]), ...moreUsers]);
  const companies = await companiesOf(db, [
    ...cs.flatMap((c) => [c.buyerCompanyId, c.supplierCompanyId]).filter((x): x is number => x !== null),
    ...moreCompanies,
  ]);
  return { people, companies };
}

/** Contracts as a list's summaries. */
export async function summariesOut(
  ctx: Ctx,
  rows: { c: ContractRow; t: Tender }[],
  l: Lang,
  viewer: ContractViewer,
): Promise<ContractSummary[]> {
  const db = ctx.database.db;
  const cs = rows.map((r) => r.c);
  const ms = await milestonesOf(
    db,
    cs.map((c) => c.id),
  );
  const n = await partyNames(db, cs);
  return rows.map((r) =>
    summaryOut(
      l,
      r.c,
      r.t,
      ms.filter((m) => m.contractId === r.c.id),
      n,
      viewer,
    ),
  );
}

/** A contract whole, for the caller: its milestones, variations and history, and what the caller may do. */
export async function contractOut(
  ctx: Ctx,
  c: ContractRow,
  t: Tender & { documentIds: string[] },
  l: Lang,
  viewer: NonNullable<ContractViewer>,
): Promise<Contract> {
  const db = ctx.database.db;
  const [ms, subs, pays, vars, events, won] = await Promise.all([
    milestonesOf(db, [c.id]),
    submissionsOf(db, c.id),
    paymentsOf(db, c.id),
    variationsOf(db, c.id),
    eventsOf(db, c.id),
    awardedVersion(db, c.proposalId),
  ]);
  const users = [
    c.buyerAcceptedBy,
    c.supplierAcceptedBy,
    c.terminatedBy,
    ...ms.map((m) => m.acceptedBy),
    ...subs.map((s) => s.s.actedByUserId),
    ...pays.map((p) => p.actedByUserId),
    ...vars.flatMap((x) => [x.proposedBy, x.decidedBy]),
    ...events.map((e) => e.actorId),
  ].filter((x): x is number => x !== null);
  const companyIds = [
    ...ms.map((m) => m.acceptedCompanyId),
    ...subs.map((s) => s.s.companyId),
    ...pays.map((p) => p.companyId),
    ...vars.flatMap((x) => [x.proposedCompanyId, x.decidedCompanyId]),
    ...events.map((e) => e.companyId),
  ].filter((x): x is number => x !== null);
  const n = await partyNames(db, [c], users, companyIds);
  // The contract's documents: the tender's, and the winning proposal's (its attachment, each milestone's documents,
  // its price documents) — part of what both sides agreed to.
  const proposalFileIds = won
    ? [won.v.attachment, ...won.v.milestones.flatMap((m) => m.documents ?? []), ...won.v.priceDocuments]
    : [];
  const fileRows = await filesByIds(db, [
    ...new Set([...subs.flatMap((s) => s.s.fileIds), ...t.documentIds, ...proposalFileIds]),
  ]);
  const fileOf = new Map(fileRows.map((f) => [f.id, f]));
  const filesOut = (ids: readonly string[]) =>
    [...new Set(ids)]
      .map((id) => fileOf.get(id))
      .filter((f) => f !== undefined)
      .map((f) => fileOut(ctx.apiUrl, f));
  const facts = factsOf(c);
  const accept = (by: number | null, at: Date | null) =>
    by !== null && at !== null ? { name: n.people.get(by) ?? '', at: at.toISOString() } : null;

  const milestones: ContractMilestone[] = ms.map((m) => {
    const latest = subs.find((s) => s.s.milestoneId === m.id)?.s;
    const pay = pays.find((p) => p.milestoneId === m.id);
    const status = m.status as MilestoneStatus;
    return {
      id: m.id,
      position: m.position,
      title: m.title,
      description: m.description,
      dueDate: m.dueDate,
      amount: m.amount,
      status,
      submission: latest
        ? {
            note: latest.note,
            files: latest.fileIds
              .map((id) => fileOf.get(id))
              .filter((f) => f !== undefined)
              .map((f) => fileOut(ctx.apiUrl, f)),
            by: actorOut(l, latest.actedByUserId ?? 0, latest.companyId, n)!,
            at: latest.createdAt.toISOString(),
          }
        : null,
      changesReason: status === 'changesRequested' ? m.changesReason : null,
      acceptedAt: iso(m.acceptedAt),
      acceptedBy: actorOut(l, m.acceptedBy, m.acceptedCompanyId, n),
      payment: pay
        ? {
            reference: pay.reference,
            amount: pay.amount,
            paidAt: pay.createdAt.toISOString(),
            by: actorOut(l, pay.actedByUserId ?? 0, pay.companyId, n)!,
          }
        : null,
      ...milestonePermissions(facts, { status, paid: m.paidAt !== null }, viewer),
    };
  });

  const variations: ContractVariation[] = vars.map((x) => {
    const target = x.milestoneId !== null ? ms.find((m) => m.id === x.milestoneId) : undefined;
    const status = x.status as VariationStatus;
    const proposedSide = x.proposedSide as 'buyer' | 'supplier';
    return {
      id: x.id,
      milestoneId: x.milestoneId,
      dueDate: x.dueDate,
      amount: x.amount,
      // Before it is applied, what it would replace is the milestone as it stands.
      previousDueDate: x.dueDate === null ? null : (x.previousDueDate ?? target?.dueDate ?? null),
      previousAmount: x.amount === null ? null : (x.previousAmount ?? target?.amount ?? null),
      scope: x.scope,
      reason: x.reason,
      status,
      proposedBy: actorOut(l, x.proposedBy, x.proposedCompanyId, n)!,
      proposedSide,
      proposedAt: x.createdAt.toISOString(),
      decidedBy: actorOut(l, x.decidedBy, x.decidedCompanyId, n),
      decidedAt: iso(x.decidedAt),
      ...variationPermissions(
        facts,
        {
          status,
          proposedBy: proposedSide,
          milestoneStatus: (target?.status ?? null) as MilestoneStatus | null,
        },
        viewer,
      ),
    };
  });

  const history: ContractEvent[] = events.map((e) => ({
    id: e.id,
    action: e.action,
    actor: actorOut(l, e.actorId, e.companyId, n),
    details: e.details,
    at: e.createdAt.toISOString(),
  }));

  return {
    ...summaryOut(l, c, t, ms, n, viewer),
    scope: c.scope,
    proposal: { id: c.proposalId, title: won?.v.title ?? '', description: won?.v.description ?? '' },
    documents: { tender: filesOut(t.documentIds), proposal: filesOut(proposalFileIds) },
    acceptances: {
      buyer: accept(c.buyerAcceptedBy, c.buyerAcceptedAt),
      supplier: accept(c.supplierAcceptedBy, c.supplierAcceptedAt),
    },
    milestones,
    variations,
    history,
    completedAt: iso(c.completedAt),
    termination:
      c.status === 'terminated' && c.terminationReason !== null && c.terminatedAt !== null
        ? {
            reason: c.terminationReason,
            at: c.terminatedAt.toISOString(),
            by: actorOut(l, c.terminatedBy ?? 0, null, n)!,
          }
        : null,
    ...contractPermissions(facts, viewer),
    // Each side's rating of the other, as the caller may read them (src/lib/reputation.ts; modules/ratings writes them).
    ratings: await contractRatingsOf(db, c, viewer),
  };
}
