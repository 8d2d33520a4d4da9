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
  Textarea,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import type { ComparisonRow, Tender } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { fromQatarDateTime } from '../../tender-form/qatar-time.ts';
import { ownerApi } from '../../workspace/owner-api.ts';
import { bafoApi } from './bafo-api.ts';

/**
 * The buyer side's best-and-final-offer round (docs/decisions/0015-best-and-final-offer.md), in its own chunk: the
 * round once started (who was invited, who answered, and the offers once it has closed), or — when the tender's
 * `can` allows it — the form that invites proposals still in the running to improve their price by a deadline.
 */
export default function BafoRound({
  tender,
  version,
  onChanged,
}: {
  tender: Tender;
  version: number;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [inviting, setInviting] = useState(false);
  const round = useLoad(`bafo:${tender.id}:${version}`, () => bafoApi.round(tender.id));
  const r = round.data;
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="bafo-round">
      <Text fontWeight="semibold" fontSize="sm">
        <Trans>Best and final offers</Trans>
      </Text>
      {r ? (
        <Stack gap="1" fontSize="sm" mt="1">
          <Text data-testid="bafo-deadline">
            {r.closed
              ? t`The round closed on ${formatDate(r.deadline, language)}: the offers below count.`
              : t`Open until ${formatDate(r.deadline, language)}. Offers stay sealed until then.`}
          </Text>
          {r.note && (
            <Text dir="auto" color="fg.muted">
              {r.note}
            </Text>
          )}
          <Stack as="ul" gap="1" listStyleType="none">
            {r.invitees.map((i) => (
              <Box as="li" key={i.proposalId} data-testid="bafo-invitee" data-submitted={i.submitted}>
                <bdi>{i.companyName ?? i.bidderName}</bdi>
                {' · '}
                {i.price !== null
                  ? formatMoney(i.price, language, i.currency ?? undefined)
                  : i.submitted
                    ? t`Offer received (sealed)`
                    : t`No offer yet`}
              </Box>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>No round held. The tender announced that one may be.</Trans>
        </Text>
      )}
      {tender.can.startBafo && !inviting && (
        <Button size="sm" mt="2" variant="outline" onClick={() => setInviting(true)} data-testid="start-bafo">
          <Trans>Invite best and final offers</Trans>
        </Button>
      )}
      {inviting && (
        <InviteForm
          tender={tender}
          onDone={() => {
            setInviting(false);
            notify.success(t`The invited bidders were told`);
            onChanged();
          }}
          onCancel={() => setInviting(false)}
        />
      )}
    </Box>
  );
}

/** A proposal that can still win: the same rule as the API's (not marked not responsive; passed where locked). */
const inTheRunning = (r: ComparisonRow) => r.evaluation !== 'not_responsive';

function InviteForm({
  tender,
  onDone,
  onCancel,
}: {
  tender: Tender;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const compared = useLoad(`bafo-candidates:${tender.id}`, () =>
    ownerApi.comparison(tender.id, { sort: 'offerPrice', order: 'asc' }),
  );
  const candidates = (compared.data?.rows ?? []).filter(inTheRunning);
  const [chosen, setChosen] = useState<number[]>([]);
  const [deadline, setDeadline] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await bafoApi.start(tender.id, {
        proposalIds: chosen,
        deadline: deadline ? fromQatarDateTime(deadline) : '',
        note,
      });
      onDone();
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="3" mt="2" data-testid="bafo-invite-form">
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm">
          <Trans>Invite</Trans>
        </Fieldset.Legend>
        <Stack gap="1">
          {candidates.map((c) => (
            <Checkbox.Root
              key={c.proposalId}
              size="sm"
              checked={chosen.includes(c.proposalId)}
              onCheckedChange={(e) =>
                setChosen((now) =>
                  e.checked ? [...now, c.proposalId] : now.filter((x) => x !== c.proposalId),
                )
              }
              data-testid="bafo-candidate"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <bdi>{c.bidder.companyName ?? c.bidder.name}</bdi>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Root>
      <Field.Root required>
        <Field.Label>{t`Offers close on (Qatar time)`}</Field.Label>
        <Input
          type="datetime-local"
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
          data-testid="bafo-deadline-input"
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t`Note to the invited bidders`}</Field.Label>
        <Textarea dir="auto" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" loading={sending} onClick={send} data-testid="bafo-send">
          <Trans>Send the invitations</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
