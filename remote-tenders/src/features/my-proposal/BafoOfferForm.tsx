import {
  Box,
  Button,
  Field,
  formatDate,
  formatMoney,
  HStack,
  Input,
  notify,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { bafoApi } from '../decision/bafo/bafo-api.ts';

/**
 * An invited bidder's best and final offer (docs/decisions/0015-best-and-final-offer.md), in its own chunk: the
 * round's deadline and the buyer's note, the bidder's current offer, and — while the tender's `can` allows it — the
 * price to send (not above the proposal's; it may be changed until the deadline).
 */
export default function BafoOfferForm({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [version, setVersion] = useState(0);
  const [price, setPrice] = useState('');
  const [sending, setSending] = useState(false);
  const round = useLoad(`bafo-mine:${tender.id}:${version}`, () => bafoApi.round(tender.id));
  const mine = round.data?.invitees[0];
  if (!round.data || !mine) return null;
  const send = async () => {
    setSending(true);
    try {
      await bafoApi.offer(tender.id, Number(price));
      notify.success(t`Your best and final offer was sent`);
      setPrice('');
      setVersion((n) => n + 1);
    } finally {
      setSending(false);
    }
  };
  const currency = mine.currency ?? undefined;
  return (
    <Box mt="3" data-testid="bafo-offer">
      <Stack gap="1" fontSize="sm">
        <Text fontWeight="semibold">
          <Trans>Best and final offer</Trans>
        </Text>
        <Text>
          {round.data.closed
            ? t`The round closed on ${formatDate(round.data.deadline, language)}.`
            : t`You are invited to improve your price until ${formatDate(round.data.deadline, language)}. Your offer stays sealed until then.`}
        </Text>
        {round.data.note && <Text dir="auto">{round.data.note}</Text>}
        {mine.previousPrice !== null && (
          <Text>{t`Your proposal's price: ${formatMoney(mine.previousPrice, language, currency)}`}</Text>
        )}
        {mine.price !== null && (
          <Text data-testid="bafo-my-price">
            {t`Your best and final offer: ${formatMoney(mine.price, language, currency)}`}
          </Text>
        )}
      </Stack>
      {tender.can.submitBafo && (
        <HStack mt="2" gap="2" align="end">
          <Field.Root required maxW="60">
            <Field.Label>{t`New price`}</Field.Label>
            <Input
              type="number"
              min={0}
              step="0.01"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              data-testid="bafo-price"
            />
          </Field.Root>
          <Button size="sm" loading={sending} onClick={send} data-testid="submit-bafo">
            <Trans>Send the offer</Trans>
          </Button>
        </HStack>
      )}
    </Box>
  );
}
