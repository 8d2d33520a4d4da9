import type { Payment } from '@bawaba/shared/contracts';
import type { tenders } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso, titleFor } from '../../lib/localize.ts';
import type { PaymentRow } from './service.ts';

/** A payment as the contract's `Payment`, with the tender it pays for. */
export const paymentOut = (
  row: PaymentRow,
  t: Pick<typeof tenders.$inferSelect, 'id' | 'titleEn' | 'titleAr'>,
  l: Lang,
): Payment => ({
  id: row.id,
  reference: row.reference,
  provider: row.provider,
  status: row.status as Payment['status'],
  amount: row.amount,
  currency: row.currency,
  proposalId: row.proposalId,
  tender: { id: t.id, ...titleFor(l, t) },
  createdAt: row.createdAt.toISOString(),
  completedAt: iso(row.completedAt),
});
