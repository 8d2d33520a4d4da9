import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../client.ts';
import { currentProposalVersion } from '../joins.ts';
import {
  contractEvents,
  contractMilestones,
  contractPayments,
  contractSubmissions,
  contracts,
  files,
  proposals,
  proposalVersions,
  tenders,
} from '../schema.ts';

const DAY = 86_400_000;

/**
 * The demo's contracts (modules/contracts), one per awarded tender of the demo, oldest award first in three states:
 * pending (the supplier accepted, the buyer has not yet), active with its first milestone submitted for review, and
 * completed with both milestones accepted and paid — so both sides' account areas have something to show. The
 * winning proposal's milestones are Mobilisation (a third) and Delivery (the rest); the rows are written as the
 * contracts domain writes them, with their history. `pdf`: the bytes of the deliverable submitted.
 */
export async function seedContracts(ctx: Ctx, tx: Tx, now: number, pdf: Buffer): Promise<void> {
  const awarded = await tx
    .select({ t: tenders, p: proposals, v: proposalVersions })
    .from(tenders)
    .innerJoin(proposals, eq(proposals.id, tenders.awardedProposalId))
    .innerJoin(proposalVersions, currentProposalVersion)
    .where(eq(tenders.outcome, 'awarded'))
    .orderBy(asc(tenders.id));
  const at = (days: number) => new Date(now + days * DAY);
  const day = (days: number) => at(days).toISOString().slice(0, 10);
  for (const [k, { t, p, v }] of awarded.slice(0, 3).entries()) {
    const state = (['pending', 'active', 'completed'] as const)[k]!;
    const value = v.offerPrice;
    const first = Math.round(value / 3);
    const plan = [
      {
        title: 'Mobilisation',
        description: 'Site survey, detailed plan and team mobilisation',
        amount: first,
      },
      { title: 'Delivery', description: 'Works delivered, tested and handed over', amount: value - first },
    ];
    // The winning proposal offered these milestones (the contract copies them).
    const due = state === 'completed' ? [day(-22), day(-3)] : [day(20), day(50)];
    await tx
      .update(proposalVersions)
      .set({
        milestones: plan.map((m, i) => ({
          ...m,
          period: 30,
          documents: [],
          start_date: at(i === 0 ? -40 : -10).toISOString(),
          end_date: `${due[i]}T12:00:00.000Z`,
          expected_completion_date: `${due[i]}T12:00:00.000Z`,
        })),
      })
      .where(eq(proposalVersions.id, v.id));
    // Made when the award became final.
    const created = t.outcomeAt ?? at(-1);
    const buyerAccepted = state === 'pending' ? null : new Date(created.getTime() + DAY);
    const supplierAccepted = new Date(created.getTime() + DAY / 2);
    const [c] = await tx
      .insert(contracts)
      .values({
        number: `${t.number}-C`,
        tenderId: t.id,
        proposalId: p.id,
        buyerCompanyId: t.companyId,
        buyerUserId: t.ownerId,
        supplierCompanyId: p.companyId,
        supplierUserId: p.bidderId,
        value,
        currency: v.currency,
        status: state,
        buyerAcceptedAt: buyerAccepted,
        buyerAcceptedBy: buyerAccepted ? t.ownerId : null,
        supplierAcceptedAt: supplierAccepted,
        supplierAcceptedBy: p.bidderId,
        completedAt: state === 'completed' ? at(-5) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    const ms = await tx
      .insert(contractMilestones)
      .values(
        plan.map((m, i) => ({
          contractId: c!.id,
          position: i + 1,
          title: m.title,
          description: m.description,
          dueDate: due[i]!,
          amount: m.amount,
          status:
            state === 'completed' ? 'accepted' : state === 'active' && i === 0 ? 'submitted' : 'pending',
          acceptedAt: state === 'completed' ? at(i === 0 ? -24 : -5) : null,
          acceptedBy: state === 'completed' ? t.ownerId : null,
          acceptedCompanyId: state === 'completed' ? t.companyId : null,
          paidAt: state === 'completed' ? at(i === 0 ? -23 : -4) : null,
        })),
      )
      .returning();
    const buyer = { actorId: t.ownerId, companyId: t.companyId };
    const supplier = { actorId: p.bidderId, companyId: p.companyId };
    const history: (typeof contractEvents.$inferInsert)[] = [
      {
        contractId: c!.id,
        action: 'created',
        details: { value, currency: v.currency, proposalId: p.id },
        createdAt: created,
      },
      {
        contractId: c!.id,
        ...supplier,
        action: 'accepted',
        details: { side: 'supplier' },
        createdAt: supplierAccepted,
      },
    ];
    if (buyerAccepted)
      history.push(
        {
          contractId: c!.id,
          ...buyer,
          action: 'accepted',
          details: { side: 'buyer' },
          createdAt: buyerAccepted,
        },
        { contractId: c!.id, action: 'activated', createdAt: buyerAccepted },
      );
    const submitted = state === 'active' ? ms.slice(0, 1) : state === 'completed' ? ms : [];
    for (const [i, m] of submitted.entries()) {
      const when = state === 'active' ? at(-1) : at(i === 0 ? -25 : -6);
      const file = randomUUID();
      const storedName = randomUUID();
      await ctx.fileStore.put(storedName, pdf, { contentType: 'application/pdf' });
      await tx.insert(files).values({
        id: file,
        ownerId: p.bidderId,
        purpose: 'contract-deliverable',
        isPublic: false,
        originalName: `${m.title.toLowerCase()}-report.pdf`,
        storedName,
        mimeType: 'application/pdf',
        size: pdf.length,
      });
      await tx.insert(contractSubmissions).values({
        milestoneId: m.id,
        note: `${m.title} completed: the report is attached.`,
        fileIds: [file],
        companyId: p.companyId,
        actedByUserId: p.bidderId,
        createdAt: when,
      });
      history.push({
        contractId: c!.id,
        ...supplier,
        action: 'milestoneSubmitted',
        details: { milestoneId: m.id, files: 1 },
        createdAt: when,
      });
      if (state !== 'completed') continue;
      const reference = `CPY-DEMO${c!.id}${m.position}`;
      await tx.insert(contractPayments).values({
        contractId: c!.id,
        milestoneId: m.id,
        amount: m.amount,
        currency: c!.currency,
        provider: 'sandbox',
        reference,
        companyId: t.companyId,
        actedByUserId: t.ownerId,
        createdAt: m.paidAt!,
      });
      history.push(
        {
          contractId: c!.id,
          ...buyer,
          action: 'milestoneAccepted',
          details: { milestoneId: m.id },
          createdAt: m.acceptedAt!,
        },
        {
          contractId: c!.id,
          ...buyer,
          action: 'milestonePaid',
          details: { milestoneId: m.id, amount: m.amount, currency: c!.currency, reference },
          createdAt: m.paidAt!,
        },
      );
    }
    if (state === 'completed')
      history.push({ contractId: c!.id, action: 'completed', createdAt: c!.completedAt! });
    await tx.insert(contractEvents).values(history);
  }
}
