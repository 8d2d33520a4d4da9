import { Box, Button, Input, notify, Stack, Textarea } from '@bawaba/shared';
import { Group, InputAddon } from '@bawaba/shared/chakra-extra';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PlusIcon } from '../../components/icons.tsx';
import { MilestoneCardFrame } from '../../components/MilestoneCardFrame.tsx';
import type { FileInfo } from '../../rules/draft.ts';
import { emptyMilestone, type ProposalForm } from '../../rules/proposal.ts';
import { useFieldError } from './useFieldError.ts';

interface Props {
  files: Record<string, FileInfo>;
  onFile(file: FileInfo): void;
}

/** Step 2 (Technical Proposal): the milestones, starting with one, added and removed by index. */
export function MilestonesStep({ files, onFile }: Props) {
  const { t } = useLingui();
  const { control } = useFormContext<ProposalForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'milestones' });

  return (
    <Stack gap="4" data-testid="step-technical">
      {fields.map((field, index) => (
        <MilestoneCard
          key={field.id}
          index={index}
          removable={fields.length > 1}
          files={files}
          onFile={onFile}
          onRemove={() => {
            remove(index);
            notify.success(t`Milestone removed`);
          }}
        />
      ))}
      <Button
        variant="outline"
        colorPalette="brand"
        alignSelf="flex-start"
        onClick={() => {
          // The new card's title takes the focus (keyboard users land in what they just added).
          append(emptyMilestone(), { shouldFocus: true, focusName: `milestones.${fields.length}.title` });
          notify.success(t`New milestone added`);
        }}
        data-testid="add-milestone"
      >
        <PlusIcon /> {t`Add milestone`}
      </Button>
    </Stack>
  );
}

function MilestoneCard({
  index,
  removable,
  files,
  onFile,
  onRemove,
}: {
  index: number;
  removable: boolean;
  files: Record<string, FileInfo>;
  onFile(file: FileInfo): void;
  onRemove(): void;
}) {
  const { t } = useLingui();
  const { register, setValue, getValues } = useFormContext<ProposalForm>();
  const errorOf = useFieldError<ProposalForm>();
  const currency = useWatch<ProposalForm, 'currency'>({ name: 'currency' }) ?? 'QAR';
  const documents =
    useWatch<ProposalForm, `milestones.${number}.documents`>({ name: `milestones.${index}.documents` }) ?? [];
  const path = `milestones.${index}` as const;
  const setDocuments = (next: string[]) =>
    setValue(`${path}.documents`, next, { shouldDirty: true, shouldValidate: false });

  return (
    <MilestoneCardFrame
      index={index}
      onRemove={removable ? onRemove : undefined}
      testId="milestone-card"
      removeTestId="remove-milestone"
    >
      <FormField label={t`Milestone title`} error={errorOf(`${path}.title`)} required>
        <Input {...register(`${path}.title`)} maxLength={200} />
      </FormField>
      <FormField label={t`Payment amount`} error={errorOf(`${path}.amount`)} required>
        <Group attached w="full">
          <Input type="number" min={1} step="0.01" {...register(`${path}.amount`, { valueAsNumber: true })} />
          <InputAddon>{currency}</InputAddon>
        </Group>
      </FormField>
      <Box gridColumn={{ md: 'span 2' }}>
        <FormField label={t`Deliverables`} error={errorOf(`${path}.description`)} required>
          <Textarea {...register(`${path}.description`)} rows={3} />
        </FormField>
      </Box>
      <FormField label={t`Duration (days)`} error={errorOf(`${path}.period`)} required>
        <Input type="number" min={1} step="1" {...register(`${path}.period`, { valueAsNumber: true })} />
      </FormField>
      <FormField label={t`Start date`} error={errorOf(`${path}.start_date`)} required>
        <Input
          type="date"
          {...register(`${path}.start_date`, {
            deps: [`${path}.end_date`, `${path}.expected_completion_date`],
          })}
        />
      </FormField>
      <FormField label={t`End date`} error={errorOf(`${path}.end_date`)} required>
        <Input type="date" {...register(`${path}.end_date`)} />
      </FormField>
      <FormField label={t`Expected finish date`} error={errorOf(`${path}.expected_completion_date`)} required>
        <Input type="date" {...register(`${path}.expected_completion_date`)} />
      </FormField>
      <Box gridColumn={{ md: 'span 2' }}>
        <FormField label={t`Milestone documents`}>
          <FileUpload
            testId={`milestone-${index}-documents`}
            variant="list"
            purpose="milestone-document"
            multiple
            files={documents.map((id) => files[id] ?? { id, name: t`Uploaded document`, size: 0 })}
            hint={t`PDF, Word, Excel, JPG, PNG, max 50MB each`}
            successMessage={t`Document uploaded successfully`}
            failureMessage={t`Document upload failed`}
            onUploaded={(file) => {
              onFile(file);
              setDocuments([...(getValues(`${path}.documents`) ?? []), file.id]);
            }}
            onRemove={(id) => setDocuments((getValues(`${path}.documents`) ?? []).filter((d) => d !== id))}
          >
            {t`Upload documents`}
          </FileUpload>
        </FormField>
      </Box>
    </MilestoneCardFrame>
  );
}
