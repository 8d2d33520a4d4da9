import { Box, Input, Textarea, translateMessage } from '@bawaba/shared';
import { FormField } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { MilestoneCardFrame } from '../../components/MilestoneCardFrame.tsx';
import type { ResubmitForm } from '../../rules/resubmit.ts';

/** A number input's value: undefined when empty, for the contract's resolver. */
export const asNumber = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
};

function useError() {
  const { errors } = useFormState<ResubmitForm>();
  return (path: string) => translateMessage((get(errors, path) as { message?: string } | undefined)?.message);
}

/** One milestone of the resubmit form. */
export function ResubmitMilestoneCard({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const { t } = useLingui();
  const { register } = useFormContext<ResubmitForm>();
  const errorOf = useError();
  const path = `milestones.${index}` as const;
  return (
    <MilestoneCardFrame
      index={index}
      onRemove={onRemove}
      testId="resubmit-milestone"
      removeTestId="resubmit-remove-milestone"
    >
      <FormField label={t`Milestone Title`} error={errorOf(`${path}.title`)} required>
        <Input {...register(`${path}.title`)} maxLength={200} />
      </FormField>
      <FormField label={t`Amount (QAR)`} error={errorOf(`${path}.amount`)} required>
        <Input type="number" min={1} step="0.01" {...register(`${path}.amount`, asNumber)} />
      </FormField>
      <Box gridColumn={{ md: 'span 2' }}>
        <FormField label={t`Milestone Description`} error={errorOf(`${path}.description`)} required>
          <Textarea {...register(`${path}.description`)} rows={3} />
        </FormField>
      </Box>
      <FormField label={t`Period (days)`} error={errorOf(`${path}.period`)}>
        <Input type="number" min={1} step="1" {...register(`${path}.period`, asNumber)} />
      </FormField>
      <FormField label={t`Start Date`} error={errorOf(`${path}.start_date`)} required>
        <Input type="date" {...register(`${path}.start_date`)} />
      </FormField>
      <FormField label={t`End Date`} error={errorOf(`${path}.end_date`)} required>
        <Input type="date" {...register(`${path}.end_date`)} />
      </FormField>
      <FormField
        label={t`Expected Completion Date`}
        error={errorOf(`${path}.expected_completion_date`)}
        required
      >
        <Input type="date" {...register(`${path}.expected_completion_date`)} />
      </FormField>
    </MilestoneCardFrame>
  );
}
