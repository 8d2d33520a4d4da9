import { Button, Field, HStack, Input, notify, Stack, Text, Textarea } from '@bawaba/shared';
import type { AmendmentBody, Tender } from '@bawaba/shared/contracts';
import { AMENDMENT_MIN_DAYS_LEFT } from '@bawaba/shared/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DayOffWarning } from '../../tender-form/DayOffWarning.tsx';
import { fromQatarDateTime, toQatarDateTime } from '../../tender-form/qatar-time.ts';
import { ownerApi } from '../../workspace/owner-api.ts';

/** A numbered amendment: the changed fields only, with the reason; the server applies the deadline rule. */
export function AmendForm({
  tender,
  onDone,
  onCancel,
}: {
  tender: Tender;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const initial = {
    description: tender.description,
    deadline: toQatarDateTime(tender.deadline),
    clarification_cutoff: toQatarDateTime(tender.clarificationCutoff),
    bond: String(tender.bond),
    participationFee: String(tender.participationFee),
  };
  const [values, setValues] = useState({ ...initial, reason: '' });
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const iso = (qatarTime: string) => (qatarTime ? fromQatarDateTime(qatarTime) : undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: AmendmentBody = { reason: values.reason };
    if (values.description !== initial.description) body.description = values.description;
    if (values.deadline !== initial.deadline) body.deadline = iso(values.deadline);
    if (values.clarification_cutoff !== initial.clarification_cutoff)
      body.clarification_cutoff = iso(values.clarification_cutoff);
    if (values.bond !== initial.bond) body.bond = Number(values.bond);
    if (values.participationFee !== initial.participationFee)
      body.participationFee = Number(values.participationFee);
    setSending(true);
    try {
      const amendment = await ownerApi.amend(tender.id, body);
      notify.success(
        amendment.deadlinePushed
          ? t`Amendment ${amendment.number} published; the deadline was extended.`
          : t`Amendment ${amendment.number} published`,
      );
      onDone();
    } catch {
      // The shell shows the server's message.
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="amend-form">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Every participant is notified. An amendment leaves bidders at least {AMENDMENT_MIN_DAYS_LEFT}{' '}
            working days (Sunday to Thursday, public holidays excepted) before the deadline: a closer deadline
            is extended.
          </Trans>
        </Text>
        <Field.Root required>
          <Field.Label>
            <Trans>Reason for the amendment</Trans>
          </Field.Label>
          <Input name="reason" value={values.reason} maxLength={500} onChange={set('reason')} dir="auto" />
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Description</Trans>
          </Field.Label>
          <Textarea name="description" value={values.description} onChange={set('description')} dir="auto" />
        </Field.Root>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <Field.Root maxW="xs">
            <Field.Label>
              <Trans>Deadline for proposals</Trans>
            </Field.Label>
            <Input type="datetime-local" name="deadline" value={values.deadline} onChange={set('deadline')} />
            <Field.HelperText>
              <Trans>Qatar time (UTC+3)</Trans>
            </Field.HelperText>
            <DayOffWarning value={values.deadline} testId="amend-deadline-day-off" />
          </Field.Root>
          <Field.Root maxW="xs">
            <Field.Label>
              <Trans>Questions until</Trans>
            </Field.Label>
            <Input
              type="datetime-local"
              name="clarification_cutoff"
              value={values.clarification_cutoff}
              onChange={set('clarification_cutoff')}
            />
            <Field.HelperText>
              <Trans>Qatar time (UTC+3)</Trans>
            </Field.HelperText>
            <DayOffWarning value={values.clarification_cutoff} testId="amend-cutoff-day-off" />
          </Field.Root>
          <Field.Root maxW="40">
            <Field.Label>
              <Trans>Participation fee</Trans>
            </Field.Label>
            <Input
              type="number"
              min={0}
              name="participationFee"
              value={values.participationFee}
              onChange={set('participationFee')}
            />
          </Field.Root>
          <Field.Root maxW="40">
            <Field.Label>
              <Trans>Bond</Trans>
            </Field.Label>
            <Input type="number" min={0} name="bond" value={values.bond} onChange={set('bond')} />
          </Field.Root>
        </HStack>
        <HStack gap="2">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={sending}
            disabled={!values.reason.trim()}
          >
            <Trans>Publish amendment</Trans>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
