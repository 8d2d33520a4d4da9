import {
  Box,
  Button,
  Card,
  formatMoney,
  Heading,
  HStack,
  Input,
  NativeSelect,
  notify,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  useSessionStore,
} from '@bawaba/shared';
import type { Contract, ContractVariation as Variation } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { ActedBy } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { type VariationDraft, variationBody } from '../../rules/contracts.ts';
import { SIDE_LABELS, VariationStatusBadge } from './ContractBits.tsx';
import { contractsApi } from './contracts-api.ts';

const EMPTY: VariationDraft = { milestoneId: '', dueDate: '', amount: '', scope: '', reason: '' };

/** A change to a milestone's date or amount, or to the scope, proposed by one side: it applies once the other accepts. */
function ProposeForm({ contract, onDone }: { contract: Contract; onDone: (sent: boolean) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const body = variationBody(draft);
  const set = (key: keyof VariationDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const send = async () => {
    if (!body) return;
    setSending(true);
    try {
      await contractsApi.proposeVariation(contract.id, body);
      notify.success(t`Variation proposed: it applies once the other side accepts it`);
      onDone(true);
    } catch {
      // The shell shows the server's message; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  };
  return (
    <Card.Root size="sm" data-testid="variation-form">
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label={t`Milestone`}>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={draft.milestoneId}
                  onChange={set('milestoneId')}
                  data-testid="variation-milestone"
                >
                  <option value="">{t`None (the scope only)`}</option>
                  {contract.milestones.map((m, i) => (
                    <option key={m.id} value={String(m.id)}>
                      {t`Milestone ${i + 1}`}: {m.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t`New due date`}>
              <Input
                type="date"
                size="sm"
                value={draft.dueDate}
                onChange={set('dueDate')}
                disabled={!draft.milestoneId}
                data-testid="variation-due"
              />
            </FormField>
            <FormField label={t`New amount (QAR)`}>
              <Input
                type="number"
                size="sm"
                min={0}
                step="0.01"
                value={draft.amount}
                onChange={set('amount')}
                disabled={!draft.milestoneId}
                data-testid="variation-amount"
              />
            </FormField>
          </SimpleGrid>
          <FormField label={t`New scope`}>
            <Textarea
              size="sm"
              rows={3}
              dir="auto"
              value={draft.scope}
              onChange={set('scope')}
              data-testid="variation-scope"
            />
          </FormField>
          <FormField label={t`Reason`} required>
            <Textarea
              size="sm"
              rows={2}
              dir="auto"
              value={draft.reason}
              onChange={set('reason')}
              data-testid="variation-reason"
            />
          </FormField>
          <HStack gap="2">
            <Button
              size="sm"
              colorPalette="brand"
              loading={sending}
              disabled={!body?.reason}
              onClick={() => void send()}
              data-testid="send-variation"
            >
              <Trans>Propose the variation</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDone(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** What one variation changes, its reason and state, and the answers the API offers the caller. */
function VariationRow({
  contract,
  variation,
  onChanged,
}: {
  contract: Contract;
  variation: Variation;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [busy, setBusy] = useState<'accept' | 'reject' | 'withdraw' | null>(null);
  const index = contract.milestones.findIndex((m) => m.id === variation.milestoneId);
  const answer = async (action: 'accept' | 'reject' | 'withdraw') => {
    setBusy(action);
    try {
      await contractsApi.answerVariation(contract.id, variation.id, action);
      notify.success(
        action === 'accept'
          ? t`Variation accepted: the contract changed`
          : action === 'reject'
            ? t`Variation rejected`
            : t`Variation withdrawn`,
      );
      onChanged();
    } catch {
      // The shell shows the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="contract-variation"
      data-variation-id={variation.id}
      data-status={variation.status}
    >
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              Proposed by <ActedBy actor={variation.proposedBy} /> (
              {i18n._(SIDE_LABELS[variation.proposedSide])}) on <DeadlineAt value={variation.proposedAt} />
            </Trans>
          </Text>
          <VariationStatusBadge status={variation.status} />
        </HStack>
        <Stack gap="1" fontSize="sm">
          {index >= 0 ? <Text fontWeight="semibold">{t`Milestone ${index + 1}`}</Text> : null}
          {variation.dueDate ? (
            <Text data-testid="variation-due-change">
              <Trans>
                Due date from <CalendarDate value={variation.previousDueDate} /> to{' '}
                <CalendarDate value={variation.dueDate} />
              </Trans>
            </Text>
          ) : null}
          {variation.amount !== null ? (
            <Text data-testid="variation-amount-change">
              {t`Amount from ${variation.previousAmount === null ? '—' : formatMoney(variation.previousAmount, language, contract.currency)} to ${formatMoney(variation.amount, language, contract.currency)}`}
            </Text>
          ) : null}
          {variation.scope ? (
            <Box>
              <Text>
                <Trans>New scope:</Trans>
              </Text>
              <Text dir="auto" whiteSpace="pre-wrap">
                {variation.scope}
              </Text>
            </Box>
          ) : null}
          <Box>
            <Text>
              <Trans>Reason:</Trans>
            </Text>
            <Text dir="auto" whiteSpace="pre-wrap">
              {variation.reason}
            </Text>
          </Box>
        </Stack>
        {variation.can.accept || variation.can.reject || variation.can.withdraw ? (
          <HStack gap="2" wrap="wrap">
            {variation.can.accept ? (
              <Button
                size="xs"
                colorPalette="brand"
                loading={busy === 'accept'}
                onClick={() => void answer('accept')}
                data-testid="accept-variation"
              >
                <Trans>Accept</Trans>
              </Button>
            ) : null}
            {variation.can.reject ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={busy === 'reject'}
                onClick={() => void answer('reject')}
                data-testid="reject-variation"
              >
                <Trans>Reject</Trans>
              </Button>
            ) : null}
            {variation.can.withdraw ? (
              <Button
                size="xs"
                variant="outline"
                loading={busy === 'withdraw'}
                onClick={() => void answer('withdraw')}
                data-testid="withdraw-variation"
              >
                <Trans>Withdraw</Trans>
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The contract's variations, newest first, and the form to propose one when the API offers it. */
export function Variations({ contract, onChanged }: { contract: Contract; onChanged: () => void }) {
  const [proposing, setProposing] = useState(false);
  if (contract.variations.length === 0 && !contract.can.proposeVariation) return null;
  return (
    <Box as="section" aria-labelledby="contract-variations" data-testid="contract-variations">
      <HStack justify="space-between" mb="3" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="contract-variations">
          <Trans>Variations</Trans>
        </Heading>
        {contract.can.proposeVariation && !proposing ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setProposing(true)}
            data-testid="propose-variation"
          >
            <Trans>Propose a variation</Trans>
          </Button>
        ) : null}
      </HStack>
      <Stack gap="3">
        {proposing ? (
          <ProposeForm
            contract={contract}
            onDone={(sent) => {
              setProposing(false);
              if (sent) onChanged();
            }}
          />
        ) : null}
        {contract.variations.length > 0 ? (
          <Stack as="ul" gap="2" ps="0">
            {contract.variations.map((variation) => (
              <VariationRow
                key={variation.id}
                contract={contract}
                variation={variation}
                onChanged={onChanged}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
