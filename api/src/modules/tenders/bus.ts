import type { TenderEventKind } from '@bawaba/shared/contracts';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { clarifications } from '../../db/schema.ts';
import type { Auth } from '../../lib/auth.ts';
import { eventBus } from '../../lib/events.ts';
import type { After } from '../../lib/tx.ts';
import type { TenderRow } from './rows.ts';

/**
 * What happens to a tender that other domains react to (invitations, follows, payments). The tender domain publishes them
 * and knows none of the subscribers; modules/index.ts wires them. Each event carries the transaction it happened
 * in, where there is one, so a subscriber's writes commit with it.
 */
export type TenderBusEvents = {
  /** An admin approved the tender: it is public from now on. */
  tenderApproved: { ctx: Ctx; tx: Tx; after: After; tender: TenderRow };
  /** The owner closed an open tender: from now on a bidder needs an approved interest. */
  tenderAccessClosed: { tx: Tx; tender: TenderRow };
  /** The owner awarded the tender, closed it without an award or cancelled it (its outcome is set). */
  tenderEnded: { ctx: Ctx; tx: Tx; after: After; tender: TenderRow };
  /**
   * A line was written to the tender's audit trail (lifecycle.ts `record`, and the bid opening at the deadline), in
   * the transaction that made the change: what open data and webhooks publish starts here.
   */
  tenderRecorded: { tx: Tx; tenderId: number; action: TenderEventKind; details: Record<string, unknown> };
  /** A bidder asked a question on the tender (clarifications.ts), in its transaction: the owner's webhooks hear of it. */
  questionAsked: { tx: Tx; tender: TenderRow; clarification: typeof clarifications.$inferSelect };
  /** A signed-in user opened a tender they may see. */
  tenderOpened: { ctx: Ctx; viewer: Auth; tender: TenderRow };
};

export const tenderBus = eventBus<TenderBusEvents>();
