import { notify } from '../../lib/tx.ts';
import type { TenderBusEvents } from '../tenders/index.ts';
import { FOLLOW_NOTICES } from './notifications.ts';
import { alertRecipients } from './queries.ts';

/**
 * A tender was approved (wired in modules/index.ts): the bidders of every approved company offering one of its
 * services, and every follower of one of them or of their categories (a company's follow: its bidders), are told in
 * the approval's transaction (queries.ts `alertRecipients` decides who).
 */
export async function alertFollowers({ ctx, tx, after, tender }: TenderBusEvents['tenderApproved']) {
  const recipients = await alertRecipients(tx, tender);
  await notify(
    ctx,
    tx,
    after,
    recipients.map((r) => ({
      userId: r.userId,
      ...(r.offers ? FOLLOW_NOTICES.inAServiceYouOffer(tender) : FOLLOW_NOTICES.inAServiceYouFollow(tender)),
    })),
  );
}
