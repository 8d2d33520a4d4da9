import { notify } from '../../lib/tx.ts';
import type { TenderBusEvents } from '../tenders/index.ts';
import { FOLLOW_NOTICES } from './notifications.ts';
import { alertRecipients } from './queries.ts';

/**
 * A tender was approved (wired in modules/index.ts): every approved company's owner offering one of its services,
 * and every follower of one of them or of their categories, is told in the approval's transaction.
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
