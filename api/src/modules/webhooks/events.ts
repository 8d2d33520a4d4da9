import type { WebhookEventType } from '@bawaba/shared/contracts';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clarifications,
  companies,
  contracts,
  interests,
  proposals,
  tenders,
  users,
} from '../../db/schema.ts';
import type { ContractBusEvents } from '../contracts/index.ts';
import type { TenderBusEvents } from '../tenders/index.ts';
import { type Addressed, anySubscription, enqueue } from './outbox.ts';

/**
 * The bus subscribers that turn what the tender and contract domains record into webhook deliveries, in the
 * change's transaction (modules/index.ts wires them). Each event goes only to the companies that may see it, with
 * only what that company may see: the tender's owner hears of questions, its bid opening and its final award;
 * bidders (and companies that registered interest, not refused) of amendments, public answers and their own
 * outcome; a contract's two parties of each line of its history. A person acting without a company has no webhooks.
 */

type TenderRow = typeof tenders.$inferSelect;

const tenderRef = (t: TenderRow) => ({ id: t.id, number: t.number, titleEn: t.titleEn, titleAr: t.titleAr });

/** A company's name in both languages, as its page shows it. */
const nameOf = (c: { nameEn: string | null; nameAr: string | null } | null) => c?.nameEn ?? c?.nameAr ?? null;

/** The companies with a proposal on the tender: its bidders. */
async function bidders(tx: Tx, tenderId: number) {
  return tx
    .select({ id: proposals.id, companyId: proposals.companyId })
    .from(proposals)
    .where(and(eq(proposals.tenderId, tenderId), isNotNull(proposals.companyId)));
}

/** The bidders, and the companies that registered interest in the tender (not refused): who follows it. */
async function followers(tx: Tx, t: TenderRow): Promise<number[]> {
  const [p, i] = await Promise.all([
    bidders(tx, t.id),
    tx
      .select({ companyId: interests.companyId })
      .from(interests)
      .where(
        and(eq(interests.tenderId, t.id), isNotNull(interests.companyId), ne(interests.status, 'rejected')),
      ),
  ]);
  const ids = new Set([...p, ...i].map((r) => r.companyId!));
  if (t.companyId !== null) ids.delete(t.companyId);
  return [...ids];
}

/** The proposals received, for the owner at the bid opening: who bid, when they last sent it; never the offer. */
async function received(tx: Tx, tenderId: number) {
  const rows = await tx
    .select({
      id: proposals.id,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
      person: users.name,
      submittedAt: sql<string>`(select max(v.created_at) from proposal_versions v where v.proposal_id = ${proposals.id})`,
    })
    .from(proposals)
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .innerJoin(users, eq(users.id, proposals.bidderId))
    .where(eq(proposals.tenderId, tenderId))
    .orderBy(proposals.id);
  return rows.map((r) => ({
    id: r.id,
    bidder: r.nameEn !== null || r.nameAr !== null ? nameOf(r) : r.person,
    bidderNameEn: r.nameEn,
    bidderNameAr: r.nameAr,
    submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
  }));
}

/** The award became final: the owner hears who won; each bidder whether it won, about its own proposal only. */
async function awardFinal(tx: Tx, t: TenderRow, proposalId: number): Promise<Addressed[]> {
  const [won] = await tx
    .select({ nameEn: companies.nameEn, nameAr: companies.nameAr, person: users.name })
    .from(proposals)
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .innerJoin(users, eq(users.id, proposals.bidderId))
    .where(eq(proposals.id, proposalId));
  const out: Addressed[] = [];
  if (t.companyId !== null)
    out.push({
      companyId: t.companyId,
      type: 'tender.awarded',
      data: {
        tender: tenderRef(t),
        proposalId,
        winner: won ? (won.nameEn !== null || won.nameAr !== null ? nameOf(won) : won.person) : null,
      },
    });
  for (const p of await bidders(tx, t.id))
    out.push({
      companyId: p.companyId!,
      type: 'proposal.outcome',
      data: { tender: tenderRef(t), proposalId: p.id, outcome: p.id === proposalId ? 'won' : 'lost' },
    });
  return out;
}

/** What a line of a tender's audit trail sends, and to whom. */
async function tenderDeliveries(
  tx: Tx,
  t: TenderRow,
  action: string,
  details: Record<string, unknown>,
): Promise<Addressed[]> {
  switch (action) {
    case 'bids_opened':
      if (t.companyId === null) return [];
      return [
        {
          companyId: t.companyId,
          type: 'tender.bids_opened',
          data: { tender: tenderRef(t), proposals: await received(tx, t.id) },
        },
      ];
    // Final at once without a standstill; with one, when it ends (`award_final`).
    case 'awarded':
      return details.standstillEndsAt === undefined ? awardFinal(tx, t, Number(details.proposalId)) : [];
    case 'award_final':
      return awardFinal(tx, t, Number(details.proposalId));
    case 'amended': {
      const data = { tender: tenderRef(t), amendment: { number: details.number, fields: details.fields } };
      return (await followers(tx, t)).map((companyId) => ({ companyId, type: 'tender.amended', data }));
    }
    case 'answered': {
      const [c] = await tx
        .select()
        .from(clarifications)
        .where(eq(clarifications.id, Number(details.clarificationId)));
      if (!c) return [];
      // The answer is public; the asker is never named.
      const question = {
        id: c.id,
        question: c.question,
        answer: c.answer,
        askedAt: c.createdAt.toISOString(),
        answeredAt: c.answeredAt?.toISOString() ?? null,
      };
      const data = { tender: tenderRef(t), question };
      return (await followers(tx, t)).map((companyId) => ({ companyId, type: 'tender.answered', data }));
    }
    default:
      return [];
  }
}

export async function webhooksOnTenderRecorded({
  tx,
  tenderId,
  action,
  details,
}: TenderBusEvents['tenderRecorded']): Promise<void> {
  if (!(await anySubscription(tx))) return;
  const [t] = await tx.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!t) return;
  await enqueue(tx, await tenderDeliveries(tx, t, action, details));
}

/** A bidder asked a question: the owner hears of it (never who asked). */
export async function webhooksOnQuestionAsked({
  tx,
  tender: t,
  clarification: c,
}: TenderBusEvents['questionAsked']): Promise<void> {
  if (t.companyId === null) return;
  await enqueue(tx, [
    {
      companyId: t.companyId,
      type: 'tender.question_asked',
      data: {
        tender: tenderRef(t),
        question: { id: c.id, question: c.question, askedAt: c.createdAt.toISOString() },
      },
    },
  ]);
}

/** Each line of a contract's history the parties may subscribe to, by the action the history records. */
const CONTRACT_TYPES: Record<string, WebhookEventType> = {
  created: 'contract.created',
  accepted: 'contract.accepted',
  activated: 'contract.activated',
  milestoneSubmitted: 'contract.milestone_submitted',
  changesRequested: 'contract.milestone_changes_requested',
  milestoneAccepted: 'contract.milestone_accepted',
  milestonePaid: 'contract.milestone_paid',
  variationProposed: 'contract.variation',
  variationAccepted: 'contract.variation',
  variationRejected: 'contract.variation',
  variationWithdrawn: 'contract.variation',
  completed: 'contract.completed',
  terminated: 'contract.terminated',
};

/** A line of a contract's history goes to both parties, as both read it in the contract's history. */
export async function webhooksOnContractRecorded({
  tx,
  contractId,
  action,
  details,
}: ContractBusEvents['contractRecorded']): Promise<void> {
  const type = CONTRACT_TYPES[action];
  if (!type || !(await anySubscription(tx))) return;
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, contractId));
  if (!c) return;
  const data = {
    contract: { id: c.id, number: c.number, tenderId: c.tenderId, status: c.status },
    action,
    details,
  };
  const parties = [c.buyerCompanyId, c.supplierCompanyId].filter((id): id is number => id !== null);
  await enqueue(
    tx,
    [...new Set(parties)].map((companyId) => ({ companyId, type, data })),
  );
}
