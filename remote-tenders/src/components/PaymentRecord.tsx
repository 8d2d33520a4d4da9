import { formatNumber, Text, useSessionStore } from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { Trans } from '@lingui/react/macro';

/**
 * The buyer's payment record from its contracts on Bawaba, for the tender's bidders (the API sends it to signed-in
 * readers; the owner does not need its own): of its milestones due, how many it paid on time
 * (docs/product-decisions.md "Payment record").
 */
export function PaymentRecord({ tender }: { tender: Pick<Tender, 'buyerPaymentRecord' | 'isOwner'> }) {
  const language = useSessionStore((s) => s.language);
  const record = tender.buyerPaymentRecord;
  if (!record || tender.isOwner) return null;
  const paid = formatNumber(record.paidOnTime, language);
  const due = formatNumber(record.milestonesDue, language);
  return (
    <Text
      color="fg.muted"
      fontSize="sm"
      mt="1"
      data-testid="buyer-payment-record"
      data-paid={record.paidOnTime}
      data-due={record.milestonesDue}
    >
      {record.share === null ? (
        <Trans>Buyer's payment record on Bawaba: no milestone payment due yet.</Trans>
      ) : (
        <Trans>
          Buyer's payment record on Bawaba: {paid} of {due} milestone payments made on time.
        </Trans>
      )}
    </Text>
  );
}
