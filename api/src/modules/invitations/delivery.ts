import { inArray, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { interests, tenderInvitations } from '../../db/schema.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { type After, type NewNotification, notify } from '../../lib/tx.ts';
import type { TenderBusEvents, TenderRow } from '../tenders/index.ts';
import { INVITATION_NOTICES } from './notifications.ts';
import { heldInvitations, inviterName, sentInvitees } from './queries.ts';

/**
 * Sending an invitation: its notice to the company's bidders and, in a closed tender, the approved interest that
 * lets them bid; and what invitations do when something happens to a tender (the handlers modules/index.ts
 * subscribes to the tender domain's events).
 */

/**
 * An invited company (its bidders are told), the member its granted interest names (queries.ts
 * `representative`) and the member who invited it.
 */
export type Invitee = {
  representative: number;
  companyId: number;
  invitedBy: number;
  company: { nameEn: string | null; nameAr: string | null };
};

/**
 * In a closed tender an invitation is an approved interest (asked for or not, even if it was rejected): the invited
 * company's, made by the member who invited it.
 */
async function grantInterest(tx: Tx, tenderId: number, to: Omit<Invitee, 'company'>) {
  await tx
    .insert(interests)
    .values({
      tenderId,
      userId: to.representative,
      companyId: to.companyId,
      actedByUserId: to.invitedBy,
      status: 'approved',
      invited: true,
      decidedAt: new Date(),
    })
    .onConflictDoUpdate({
      // The company's one interest in the tender (interests_tender_company_uq), whichever member asked for it.
      target: [interests.tenderId, interests.companyId],
      targetWhere: sql`company_id is not null`,
      set: { status: 'approved', invited: true, reason: null, decidedAt: new Date() },
      setWhere: ne(interests.status, 'approved'),
    });
}

/** Tells each invited company's bidders (the tender is public), granting the interest of a closed tender. */
export async function deliverInvitations(ctx: Ctx, tx: Tx, after: After, t: TenderRow, to: Invitee[]) {
  if (to.length === 0) return;
  if (t.status === 'closed') for (const i of to) await grantInterest(tx, t.id, i);
  const inviter = await inviterName(tx, t);
  const notices: NewNotification[] = [];
  for (const i of to) {
    const bidders = await concerned(tx, { companyId: i.companyId }, 'bidder');
    notices.push(...noticeTo(bidders, INVITATION_NOTICES.invited(t, inviter, i.company)));
  }
  await notify(ctx, tx, after, notices);
}

/**
 * The tender just became public (an admin approved it): the invitations made while it was a draft or pending go
 * out now. A company that has lost its members meanwhile keeps its invitation unsent.
 */
export async function sendHeldInvitations({ ctx, tx, after, tender: t }: TenderBusEvents['tenderApproved']) {
  const held = await heldInvitations(tx, t);
  if (held.length === 0) return;
  await tx
    .update(tenderInvitations)
    .set({ sentAt: new Date() })
    .where(
      inArray(
        tenderInvitations.id,
        held.map((h) => h.id),
      ),
    );
  await deliverInvitations(
    ctx,
    tx,
    after,
    t,
    held.map((h) => ({
      representative: h.representative!,
      companyId: h.companyId,
      invitedBy: h.invitedBy,
      company: { nameEn: h.nameEn, nameAr: h.nameAr },
    })),
  );
}

/** An open tender was closed: whoever was invited to it keeps the right to bid (an approved interest). */
export async function grantInvitedInterests({ tx, tender: t }: TenderBusEvents['tenderAccessClosed']) {
  for (const invitee of await sentInvitees(tx, t)) await grantInterest(tx, t.id, invitee);
}
