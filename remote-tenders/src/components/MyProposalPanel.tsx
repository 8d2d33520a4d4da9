import {
  Box,
  Button,
  formatDate,
  formatMoney,
  Heading,
  HStack,
  RouterLink as Link,
  PaymentBadge,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { LazyPart } from '@bawaba/shared/render';
import { actionKey } from '@bawaba/shared/rules';
import { useLingui } from '@lingui/react/macro';
import { lazy, useState } from 'react';
import { myProposals, payProposal } from '../api.ts';

/** The objection form, in its own chunk with its own texts: only a losing bidder during a standstill opens it. */
const ObjectionForm = lazy(() => import('../features/objection/load.ts').then((m) => m.loadObjectionForm()));
/** The best-and-final-offer form, in its own chunk: only a tender that announced a round shows it. */
const BafoOfferForm = lazy(() => import('../features/my-proposal/BafoOfferForm.tsx'));
/** The bidder's debrief, in its own chunk: from the award decision on (the API answers it from then). */
const DebriefView = lazy(() => import('../features/my-proposal/DebriefView.tsx'));

/**
 * The signed-in bidder's own proposal on this tender, as the server records it (GET /proposals/mine):
 * version, payment state, a fresh checkout when the fee/bond is unpaid (retry after a decline), the
 * way to resubmit, and the objection to an award. `onChanged` reloads the tender (its `can`) after an objection.
 */
export function MyProposalPanel({ tender, onChanged }: { tender: Tender; onChanged?: () => void }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [paying, setPaying] = useState(false);
  const [objecting, setObjecting] = useState(false);
  // One Idempotency-Key per payment start: a retry after an error starts (at most) one checkout.
  const [payKey] = useState(actionKey);
  const mine = useLoad(`my-proposals|${tender.id}`, myProposals);
  const proposal = mine.data?.find((p) => p.tender.id === tender.id) ?? null;

  if (!proposal) return null;
  // The server says when the fee and bond can be paid (never once the tender ended or its deadline passed).
  const mustPay = proposal.canPay;

  async function pay() {
    if (!proposal) return;
    setPaying(true);
    try {
      const { payUrl } = await payProposal(proposal.id, payKey.for(proposal.id));
      payKey.done();
      window.location.assign(payUrl);
    } catch {
      setPaying(false);
    }
  }

  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="brand.subtle"
      data-testid="my-proposal"
      data-proposal-id={proposal.id}
    >
      <Heading as="h2" size="md" mb="2">
        {t`Your proposal`}
      </Heading>
      <Stack gap="1" fontSize="sm">
        <HStack wrap="wrap">
          <Text>{t`Version ${proposal.currentVersion}`}</Text>
          <Text color="fg.muted">· {formatDate(proposal.updatedAt, language)}</Text>
          <PaymentBadge status={proposal.paymentStatus} />
        </HStack>
        {proposal.outcome && (
          <Text fontWeight="semibold" data-testid="my-proposal-outcome" data-outcome={proposal.outcome}>
            {proposal.outcome === 'awarded'
              ? t`Your proposal won this tender.`
              : proposal.outcome === 'unsuccessful'
                ? t`This tender was awarded to another proposal.`
                : proposal.outcome === 'no_award'
                  ? t`This tender was closed without an award.`
                  : t`This tender was cancelled.`}
          </Text>
        )}
        {proposal.predatesAmendment && tender.state === 'published' && (
          <Text color="orange.fg" data-testid="predates-amendment">
            {t`The tender was amended after your last submission. Review the changes and resubmit if needed.`}
          </Text>
        )}
        {mustPay && (
          <Text>{t`Amount due: ${formatMoney(proposal.amountDue, language, proposal.tender.currency)}`}</Text>
        )}
      </Stack>
      <HStack mt="3" gap="2" wrap="wrap">
        {mustPay && (
          <Button size="sm" colorPalette="brand" loading={paying} onClick={pay} data-testid="pay-now">
            {t`Pay now`}
          </Button>
        )}
        {tender.can.resubmitProposal && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/resubmit-proposal/${proposal.id}`} data-testid="resubmit-link">
              {t`Resubmit proposal`}
            </Link>
          </Button>
        )}
        {tender.can.fileObjection && !objecting && (
          <Button size="sm" variant="outline" onClick={() => setObjecting(true)} data-testid="file-objection">
            {t`Object to the award`}
          </Button>
        )}
      </HStack>
      {objecting && (
        <LazyPart>
          <ObjectionForm
            tenderId={tender.id}
            onFiled={() => {
              setObjecting(false);
              onChanged?.();
            }}
            onCancel={() => setObjecting(false)}
          />
        </LazyPart>
      )}
      {tender.evaluation.bestAndFinalOffer && tender.isPastDeadline && (
        <LazyPart>
          <BafoOfferForm tender={tender} />
        </LazyPart>
      )}
      {(tender.state === 'standstill' || tender.state === 'awarded') && (
        <LazyPart>
          <DebriefView tender={tender} />
        </LazyPart>
      )}
    </Box>
  );
}
