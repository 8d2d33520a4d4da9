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
  useParams,
  useSessionStore,
} from '@bawaba/shared';
import { AbsoluteCenter, Group, InputAddon } from '@bawaba/shared/chakra-extra';
import { type Proposal, ResubmitProposalBody } from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormProvider, get, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { getProposal, resubmitProposal } from '../../api.ts';
import { PlusIcon } from '../../components/icons.tsx';
import { useSendProposal } from '../../components/useSendProposal.ts';
import type { FileInfo } from '../../rules/draft.ts';
import { RESUBMIT_ACCEPT } from '../../rules/proposal.ts';
import {
  emptyResubmitMilestone,
  type ResubmitForm,
  resubmitDefaults,
  toResubmitPayload,
} from '../../rules/resubmit.ts';
import { asNumber, ResubmitMilestoneCard } from './ResubmitMilestoneCard.tsx';

const resolver = valibotResolver(ResubmitProposalBody, undefined, {
  raw: true,
}) as unknown as Resolver<ResubmitForm>;
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
  // The API says whether a new version would be accepted now (deadline, the tender's end): the form follows it.
  const closed = !proposal.canResubmit;
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
            <Heading as="h1" size="xl" {...textLangProps(proposal.tender.titleLang)}>
              {proposal.tender.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {t`Current version: ${proposal.currentVersion}`}
              {proposal.tender.deadline &&
                ` · ${t`Deadline`}: ${formatDate(proposal.tender.deadline, language)}`}
            </Text>
          </Box>
          {closed && (
            <Alert.Root status="warning" data-testid="resubmit-closed">
              <Alert.Indicator />
              <Alert.Title>
                {proposal.outcome
                  ? t`This tender has ended: its proposals can no longer be changed.`
                  : t`The deadline for this tender has passed.`}
              </Alert.Title>
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
                  disabled={closed}
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
