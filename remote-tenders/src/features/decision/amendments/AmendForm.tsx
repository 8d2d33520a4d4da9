import { Button, Field, HStack, Input, notify, Skeleton, Stack, Text } from '@bawaba/shared';
import type { AmendmentBody, Tender, TextLang } from '@bawaba/shared/contracts';
import { BilingualDescription, TextVersionInputs } from '@bawaba/shared/rich-text';
import { AMENDMENT_MIN_DAYS_LEFT } from '@bawaba/shared/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { evaluationDraft, evaluationInput } from '../../../rules/evaluation.ts';
import { DayOffWarning } from '../../tender-form/DayOffWarning.tsx';
import { fromQatarDateTime, toQatarDateTime } from '../../tender-form/qatar-time.ts';
import { ownerApi } from '../../workspace/owner-api.ts';

const EvaluationFields = lazy(() => import('../../tender-form/EvaluationFields.tsx'));

/** A version left blank is sent as null: not written. */
const version = (text: string) => (text.trim() ? text : null);

/**
 * A numbered amendment: the changed fields only, with the reason for bidders in English, Arabic or both (the
 * description's versions in the rich-text editor); the server applies the deadline rule.
 */
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
    descriptionEn: tender.descriptionEn ?? '',
    descriptionAr: tender.descriptionAr ?? '',
    deadline: toQatarDateTime(tender.deadline),
    clarification_cutoff: toQatarDateTime(tender.clarificationCutoff),
    bond: String(tender.bond),
    participationFee: String(tender.participationFee),
    standstillDays: String(tender.standstillDays),
  };
  const [values, setValues] = useState({ ...initial, reasonEn: '', reasonAr: '' });
  const [sending, setSending] = useState(false);
  // The evaluation method is sent only when the owner changed it (the server refuses an amendment changing nothing).
  const [evaluation, setEvaluation] = useState(() => evaluationDraft(tender.evaluation));
  const published = JSON.stringify(evaluationInput(evaluationDraft(tender.evaluation)));
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const reasonField = (lang: TextLang) => (lang === 'ar' ? 'reasonAr' : 'reasonEn');
  const iso = (qatarTime: string) => (qatarTime ? fromQatarDateTime(qatarTime) : undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: AmendmentBody = { reasonEn: version(values.reasonEn), reasonAr: version(values.reasonAr) };
    if (values.descriptionEn !== initial.descriptionEn) body.descriptionEn = version(values.descriptionEn);
    if (values.descriptionAr !== initial.descriptionAr) body.descriptionAr = version(values.descriptionAr);
    if (values.deadline !== initial.deadline) body.deadline = iso(values.deadline);
    if (values.clarification_cutoff !== initial.clarification_cutoff)
      body.clarification_cutoff = iso(values.clarification_cutoff);
    if (values.bond !== initial.bond) body.bond = Number(values.bond);
    if (values.participationFee !== initial.participationFee)
      body.participationFee = Number(values.participationFee);
    if (values.standstillDays !== initial.standstillDays) body.standstillDays = Number(values.standstillDays);
    const changed = evaluationInput(evaluation);
    if (JSON.stringify(changed) !== published) body.evaluation = changed;
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
        <Text fontSize="sm" color="fg.muted">
          <Trans>Write the reason for bidders in English, in Arabic or in both.</Trans>
        </Text>
        <TextVersionInputs
          label={(lang) =>
            lang === 'ar' ? <Trans>Reason in Arabic</Trans> : <Trans>Reason in English</Trans>
          }
          error={() => undefined}
          input={(lang) => ({
            name: reasonField(lang),
            value: values[reasonField(lang)],
            maxLength: 500,
            onChange: set(reasonField(lang)),
            'data-testid': lang === 'ar' ? 'amend-reason-ar' : 'amend-reason',
          })}
        />
        <BilingualDescription
          label={t`Description`}
          initial={{ en: initial.descriptionEn, ar: initial.descriptionAr }}
          error={() => undefined}
          onChange={(lang, html) =>
            setValues((v) => ({ ...v, [lang === 'ar' ? 'descriptionAr' : 'descriptionEn']: html }))
          }
          testId="amend-description"
        />
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
          <Field.Root maxW="xs">
            <Field.Label>
              <Trans>Standstill after the award (working days)</Trans>
            </Field.Label>
            <Input
              type="number"
              min={0}
              max={30}
              step={1}
              inputMode="numeric"
              name="standstillDays"
              value={values.standstillDays}
              onChange={set('standstillDays')}
              data-testid="amend-standstill"
            />
            <Field.HelperText>
              <Trans>Qatar working days, 0 to 30.</Trans>
            </Field.HelperText>
          </Field.Root>
        </HStack>
        <Suspense fallback={<Skeleton h="24" borderRadius="md" />}>
          <EvaluationFields value={evaluation} onChange={setEvaluation} issue={() => undefined} />
        </Suspense>
        <HStack gap="2">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={sending}
            disabled={!values.reasonEn.trim() && !values.reasonAr.trim()}
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
