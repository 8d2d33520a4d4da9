import {
  Alert,
  Box,
  Button,
  formatDate,
  Heading,
  HStack,
  Input,
  RouterLink as Link,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
  Textarea,
  translateMessage,
  useLoad,
  useNavigate,
  useParams,
  useSessionStore,
} from '@bawaba/shared';
import { AbsoluteCenter, Group, InputAddon } from '@bawaba/shared/chakra-extra';
import { type Proposal, ResubmitProposalBody } from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { isPastDeadline } from '@bawaba/shared/rules';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  FormProvider,
  get,
  type Resolver,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { getProposal, resubmitProposal } from '../api.ts';
import { PlusIcon } from '../components/icons.tsx';
import { MilestoneCardFrame } from '../components/MilestoneCardFrame.tsx';
import { useSendProposal } from '../components/useSendProposal.ts';
import type { FileInfo } from '../rules/draft.ts';
import { RESUBMIT_ACCEPT, toDateInput, toIsoTimestamp } from '../rules/proposal.ts';

/** The resubmit form as it holds values: empty numbers are undefined, dates yyyy-mm-dd. */
export interface ResubmitForm {
  attachment: string;
  offer_price: number | undefined;
  title: string;
  description: string;
  period: number | undefined;
  milestones: {
    title: string;
    description: string;
    amount: number | undefined;
    period: number | undefined;
    documents: string[];
    start_date: string;
    end_date: string;
    expected_completion_date: string;
  }[];
}

const emptyResubmitMilestone = (): ResubmitForm['milestones'][number] => ({
  title: '',
  description: '',
  amount: undefined,
  period: undefined,
  documents: [],
  start_date: '',
  end_date: '',
  expected_completion_date: '',
});

/** Pre-fill from the proposal's current version. */
function resubmitDefaults(proposal: Proposal): ResubmitForm {
  const current = proposal.current;
  if (!current)
    return {
      attachment: '',
      offer_price: undefined,
      title: '',
      description: '',
      period: undefined,
      milestones: [emptyResubmitMilestone()],
    };
  return {
    attachment: current.attachment,
    offer_price: current.offer_price,
    title: current.title,
    description: current.description,
    period: current.period,
    milestones: current.milestones.length
      ? current.milestones.map((m) => ({
          title: m.title,
          description: m.description,
          amount: m.amount,
          period: m.period,
          documents: m.documents,
          start_date: toDateInput(m.start_date),
          end_date: toDateInput(m.end_date),
          expected_completion_date: toDateInput(m.expected_completion_date),
        }))
      : [emptyResubmitMilestone()],
  };
}

function toResubmitPayload(values: ResubmitForm): ResubmitProposalBody {
  return {
    attachment: values.attachment,
    offer_price: values.offer_price as number,
    title: values.title.trim(),
    description: values.description.trim(),
    period: values.period as number,
    milestones: values.milestones.map((m) => ({
      title: m.title.trim(),
      description: m.description.trim(),
      amount: m.amount as number,
      ...(m.period === undefined ? {} : { period: m.period }),
      documents: m.documents,
      start_date: toIsoTimestamp(m.start_date),
      end_date: toIsoTimestamp(m.end_date),
      expected_completion_date: toIsoTimestamp(m.expected_completion_date),
    })),
  };
}

const resolver = valibotResolver(ResubmitProposalBody, undefined, {
  raw: true,
}) as unknown as Resolver<ResubmitForm>;
const asNumber = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
};

function useError() {
  const { errors } = useFormState<ResubmitForm>();
  return (path: string) => translateMessage((get(errors, path) as { message?: string } | undefined)?.message);
}

/** /resubmit-proposal/{id} (proposal id): one form, a new version on PUT /proposals/:id. */
export default function ResubmitProposalPage() {
  const { t } = useLingui();
  const { id } = useParams();
  const proposalId = Number(id);
  const valid = Number.isInteger(proposalId) && proposalId >= 1;
  const loaded = useLoad(`proposal:${proposalId}`, () => getProposal(proposalId), valid);
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const proposal = loaded.data ?? null;
  // Only its bidder resubmits a proposal: whoever else may read it (its tender's owner, an administrator) gets
  // the same "not available" as anyone the API refuses, decided from the bidder the API names.
  const missing = !valid || loaded.failed || (proposal !== null && proposal.bidder.id !== userId);

  if (missing)
    return (
      <Box textAlign="center" py="16" data-testid="proposal-missing">
        <Heading size="md">{t`This proposal is not available.`}</Heading>
        <Button asChild mt="4" variant="outline">
          <Link to="/account/submitted-proposals">{t`My proposals`}</Link>
        </Button>
      </Box>
    );
  if (!proposal) return <Skeleton h="96" borderRadius="lg" />;
  return <ResubmitProposalForm proposal={proposal} />;
}

export function ResubmitProposalForm({ proposal }: { proposal: Proposal }) {
  const { t } = useLingui();
  const _navigate = useNavigate();
  const language = useSessionStore((s) => s.language);
  const { submitting, send } = useSendProposal();
  const [files, setFiles] = useState<Record<string, FileInfo>>({});
  const form = useForm<ResubmitForm>({
    defaultValues: resubmitDefaults(proposal),
    resolver,
    mode: 'onChange',
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'milestones' });
  const attachment = useWatch({ control: form.control, name: 'attachment' });
  const errorOf = (path: string) =>
    translateMessage((get(form.formState.errors, path) as { message?: string } | undefined)?.message);
  const pastDeadline = isPastDeadline(proposal.tender.deadline);
  const register = form.register;

  async function onValid(values: ResubmitForm) {
    await send(toResubmitPayload(values), (body, key) => resubmitProposal(proposal.id, body, key));
  }

  const current = attachment
    ? [files[attachment] ?? { id: attachment, name: t`Current attachment`, size: 0 }]
    : [];

  return (
    <FormProvider {...form}>
      <Box position="relative" data-testid="resubmit-proposal" data-proposal-id={proposal.id}>
        {submitting && (
          <Box position="fixed" inset="0" bg="blackAlpha.500" zIndex="overlay" data-testid="resubmit-overlay">
            <AbsoluteCenter bg="bg.panel" p="6" borderRadius="lg" textAlign="center" boxShadow="lg">
              <Spinner size="lg" color="brand.600" />
              <Text mt="3" fontWeight="medium">
                {t`Submitting your proposal...`}
              </Text>
            </AbsoluteCenter>
          </Box>
        )}
        <Stack gap="6" maxW="4xl" mx="auto">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {t`Resubmit proposal`} · {proposal.tender.number}
            </Text>
            <Heading as="h1" size="xl" dir="auto">
              {proposal.tender.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {t`Current version: ${proposal.currentVersion}`}
              {proposal.tender.deadline &&
                ` · ${t`Deadline`}: ${formatDate(proposal.tender.deadline, language)}`}
            </Text>
          </Box>
          {pastDeadline && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t`The deadline for this tender has passed.`}</Alert.Title>
            </Alert.Root>
          )}
          <Stack asChild gap="5" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
            <form noValidate onSubmit={form.handleSubmit(onValid)}>
              <FormField label={t`Attachment`} error={errorOf('attachment')} required>
                <input type="hidden" {...register('attachment')} />
                <FileUpload
                  testId="resubmit-attachment"
                  variant="picture-card"
                  purpose="proposal-attachment"
                  accept={RESUBMIT_ACCEPT}
                  files={current}
                  invalid={Boolean(errorOf('attachment'))}
                  hint={t`PNG, JPG, JPEG or PDF`}
                  successMessage={t`File uploaded successfully`}
                  failureMessage={t`File upload failed`}
                  onUploaded={(file) => {
                    setFiles((f) => ({ ...f, [file.id]: file }));
                    form.setValue('attachment', file.id, {
                      shouldValidate: true,
                      shouldTouch: true,
                      shouldDirty: true,
                    });
                  }}
                  onRemove={() =>
                    form.setValue('attachment', '', { shouldValidate: true, shouldTouch: true })
                  }
                >
                  {t`Upload`}
                </FileUpload>
              </FormField>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label={t`Offer Price (QAR)`} error={errorOf('offer_price')} required>
                  <Group attached w="full">
                    <Input type="number" min={1} step="0.01" {...register('offer_price', asNumber)} />
                    <InputAddon>QAR</InputAddon>
                  </Group>
                </FormField>
                <FormField label={t`Period (days)`} error={errorOf('period')} required>
                  <Input type="number" min={1} step="1" {...register('period', asNumber)} />
                </FormField>
              </SimpleGrid>
              <FormField label={t`Title`} error={errorOf('title')} required>
                <Input {...register('title')} maxLength={200} />
              </FormField>
              <FormField label={t`Description`} error={errorOf('description')} required>
                <Textarea {...register('description')} rows={5} maxLength={2000} />
              </FormField>

              <Heading as="h2" size="md">
                {t`Milestones`}
              </Heading>
              {fields.map((field, index) => (
                <ResubmitMilestoneCard
                  key={field.id}
                  index={index}
                  onRemove={index > 0 ? () => remove(index) : undefined}
                />
              ))}
              <Button
                variant="outline"
                colorPalette="brand"
                alignSelf="flex-start"
                onClick={() => append(emptyResubmitMilestone(), { shouldFocus: false })}
                data-testid="resubmit-add-milestone"
              >
                <PlusIcon /> {t`Add Milestone`}
              </Button>
              <HStack justify="flex-end">
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={submitting}
                  disabled={pastDeadline}
                  data-testid="resubmit-submit"
                >
                  {t`Submit proposal`}
                </Button>
              </HStack>
            </form>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}

function ResubmitMilestoneCard({ index, onRemove }: { index: number; onRemove?: () => void }) {
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
