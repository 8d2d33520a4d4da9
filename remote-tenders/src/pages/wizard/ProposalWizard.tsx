// Just over our ~300-line rule: the wizard's step flow (state, navigation, validation per step, submit) reads best
// as one component; each step's fields are already their own files beside it (*Step.tsx).
import {
  Alert,
  Box,
  Button,
  confirmPopup,
  formatDate,
  Grid,
  Heading,
  HStack,
  RouterLink as Link,
  notify,
  Skeleton,
  Stack,
  Text,
  useNavigate,
  useParams,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { submitProposal } from '../../api.ts';
import { MyProposalPanel } from '../../components/MyProposalPanel.tsx';
import { TenderActions } from '../../components/TenderActions.tsx';
import { NARROW_QUERY, useMediaQuery } from '../../components/useMediaQuery.ts';
import { useSendProposal } from '../../components/useSendProposal.ts';
import { type ProposalBlock, proposalBlock } from '../../rules/actions.ts';
import { clearDraft, type FileInfo, loadDraft, saveDraft } from '../../rules/draft.ts';
import {
  emptyProposal,
  firstInvalidStep,
  isStepValid,
  LAST_STEP,
  type ProposalForm,
  ProposalFormSchema,
  STEP_FIELDS,
  toPayload,
  WIZARD_STEPS,
} from '../../rules/proposal.ts';
import { TenderNotFound, useTender } from '../TenderProfile.tsx';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { CommercialOfferStep } from './CommercialOfferStep.tsx';
import { MilestonesStep } from './MilestonesStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { PhaseHeader, useStepTitles, WizardSidebar, WizardSteps } from './WizardChrome.tsx';

/** /submit-proposal/{id}: the tender must exist and the caller must be allowed to bid (rules/actions.ts). */
export default function ProposalWizardPage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const { tender, state, reload } = useTender(Number(id));

  if (state === 'missing') return <TenderNotFound />;
  if (!tender) return <Skeleton h="96" borderRadius="lg" />;

  const reason = proposalBlock(tender);
  const blocked = reason ? BLOCK_MESSAGES[reason] : null;

  if (blocked)
    return (
      <Stack gap="4" maxW="3xl" mx="auto" py="6" data-testid="wizard-blocked" data-reason={reason}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{i18n._(blocked.title)}</Alert.Title>
            <Alert.Description>{i18n._(blocked.text)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {tender.isProposalSubmitted && <MyProposalPanel tender={tender} onChanged={reload} />}
        <HStack gap="3">
          <TenderActions tender={tender} onChanged={reload} />
          <Button asChild variant="outline" size="sm">
            <Link to={`/tender-profile/${tender.id}`}>{t`View tender`}</Link>
          </Button>
        </HStack>
      </Stack>
    );

  return <ProposalWizard tender={tender} />;
}

/** The title and text of each reason the form is not offered. */
const BLOCK_MESSAGES: Record<ProposalBlock, { title: MessageDescriptor; text: MessageDescriptor }> = {
  admin: {
    title: msg`Not available to administrators`,
    text: msg`Administrators review tenders; they do not submit proposals.`,
  },
  owner: { title: msg`This is your tender`, text: msg`You cannot submit a proposal to your own tender.` },
  cancelled: {
    title: msg`Tender cancelled`,
    text: msg`This tender was cancelled: it no longer takes proposals.`,
  },
  awarded: {
    title: msg`Tender awarded`,
    text: msg`This tender has been awarded: it no longer takes proposals.`,
  },
  no_award: {
    title: msg`Closed without award`,
    text: msg`This tender was closed without an award: it no longer takes proposals.`,
  },
  submitted: {
    title: msg`Proposal already submitted`,
    text: msg`You have already submitted a proposal for this tender. You can resubmit it from the tender page.`,
  },
  deadline: { title: msg`Deadline passed`, text: msg`The deadline for this tender has passed.` },
  not_open: {
    title: msg`Not accepting proposals`,
    text: msg`This tender is not open for proposals.`,
  },
  interest: {
    title: msg`Interest approval needed`,
    text: msg`This tender is closed: submit your interest and wait for the owner's approval before sending a proposal.`,
  },
  credentials: {
    title: msg`Credentials required`,
    text: msg`This tender requires credentials your company does not hold yet, verified by Bawaba and not expired. Your company's administrators upload them on the Credentials page of the account.`,
  },
};

const resolver = valibotResolver(ProposalFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ProposalForm>;

export function ProposalWizard({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const _navigate = useNavigate();
  const language = useSessionStore((s) => s.language);
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const vertical = useMediaQuery(NARROW_QUERY);
  const [draft] = useState(() => loadDraft(userId, tender.id));
  const [step, setStepNow] = useState(draft?.step ?? 0);
  // A step change renders as a transition: the new step's fields (dozens of Chakra/Zag parts) are built in
  // slices, so the press paints at once instead of after the whole step is laid out (Next/Previous
  // took 100–150 ms to the next paint at 4× CPU slowdown).
  const setStep = useCallback(
    (next: number | ((current: number) => number)) => startTransition(() => setStepNow(next)),
    [],
  );
  const [files, setFiles] = useState<Record<string, FileInfo>>(draft?.files ?? {});
  const { submitting, send } = useSendProposal();
  const [restoredAt, setRestoredAt] = useState(draft?.savedAt ?? null);
  const topRef = useRef<HTMLDivElement>(null);
  const stepTitles = useStepTitles();
  // Keyboard users: a new step takes the focus (its panel), or the focus would stay on a button that may be
  // gone (Next turns into Submit) and fall back to the top of the page.
  const panelRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  const form = useForm<ProposalForm>({
    defaultValues: draft?.values ?? emptyProposal(tender.id),
    resolver,
    // Re-check a field as it changes: a message that vanished on blur would move the buttons under the
    // pointer between press and release (the click then misses Next).
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as ProposalForm;
  const done = useMemo(() => {
    const valid = WIZARD_STEPS.map((_, i) => isStepValid(i, values));
    return valid.map((ok, i) =>
      i === LAST_STEP ? valid.slice(0, LAST_STEP).every(Boolean) && step === LAST_STEP : ok,
    );
  }, [values, step]);

  useEffect(() => {
    topRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    if (shownStep.current !== step) panelRef.current?.focus({ preventScroll: true });
    shownStep.current = step;
  }, [step]);

  const onFile = (file: FileInfo) => setFiles((f) => ({ ...f, [file.id]: file }));

  async function next() {
    // Shows the step's messages; the decision uses the same schema on the current values (rules/proposal.ts).
    await form.trigger(STEP_FIELDS[step] as Path<ProposalForm>[]);
    if (!isStepValid(step, form.getValues())) {
      notify.error(t`Please complete all required fields before continuing`);
      return;
    }
    setStep((s) => Math.min(LAST_STEP, s + 1));
  }

  function saveAsDraft() {
    saveDraft(userId, tender.id, { step, values: form.getValues(), files });
    notify.success(t`Proposal saved as draft`);
  }

  function discardDraft() {
    clearDraft(userId, tender.id);
    form.reset(emptyProposal(tender.id));
    setFiles({});
    setStep(0);
    setRestoredAt(null);
  }

  async function submit() {
    await form.trigger();
    const current = form.getValues();
    const first = firstInvalidStep(current);
    if (!tender.id || first >= 0) {
      notify.error(t`Please complete all required fields`);
      if (first >= 0 && first !== step) setStep(first);
      return;
    }
    const confirmed = await confirmPopup({
      title: t`Confirm Proposal Submission`,
      text: t`Are you sure you want to submit this proposal?`,
      confirmLabel: t`Submit`,
      cancelLabel: t`Cancel`,
    });
    if (!confirmed) return;
    await send(toPayload(current, userId), submitProposal, () => clearDraft(userId, tender.id));
  }

  return (
    <FormProvider {...form}>
      <Stack gap="6" ref={topRef} data-testid="proposal-wizard" data-step={step}>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t`Submit a proposal`}
          </Text>
          <Heading as="h1" size="xl" {...textLangProps(tender.titleLang)}>
            {tender.title}
          </Heading>
        </Box>
        <PhaseHeader phase={0} />
        {restoredAt && (
          <Alert.Root status="info" size="sm" data-testid="draft-restored">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t`Your draft from ${formatDate(restoredAt, language)} was restored.`}</Alert.Description>
            </Alert.Content>
            <Button size="xs" variant="outline" onClick={discardDraft}>
              {t`Discard draft`}
            </Button>
          </Alert.Root>
        )}
        <Grid templateColumns={{ base: '1fr', lg: '1fr 300px' }} gap="6" alignItems="start">
          <Stack asChild gap="6">
            <form
              noValidate
              aria-busy={submitting}
              onSubmit={(e) => {
                e.preventDefault();
                if (step === LAST_STEP) void submit();
                else void next();
              }}
            >
              <Grid templateColumns={vertical ? '180px 1fr' : '1fr'} gap="6" alignItems="start">
                <WizardSteps step={step} vertical={vertical} />
                <Box
                  ref={panelRef}
                  tabIndex={-1}
                  role="group"
                  aria-label={stepTitles[step]}
                  data-testid="wizard-step-panel"
                  borderWidth="1px"
                  borderRadius="xl"
                  p={{ base: '4', md: '6' }}
                  bg="bg.panel"
                  minW="0"
                  _focusVisible={{
                    outline: '2px solid',
                    outlineColor: 'brand.focusRing',
                    outlineOffset: '2px',
                  }}
                >
                  {step === 0 && <BasicInfoStep files={files} onFile={onFile} />}
                  {step === 1 && (
                    <CommercialOfferStep
                      files={files}
                      onFile={onFile}
                      envelopes={tender.evaluation.envelopes}
                    />
                  )}
                  {step === 2 && <MilestonesStep files={files} onFile={onFile} />}
                  {step === 3 && <ReviewStep files={files} onEdit={setStep} />}
                </Box>
              </Grid>
              <HStack justify="space-between" wrap="wrap" gap="3" data-testid="wizard-buttons">
                <HStack gap="3">
                  {step > 0 && (
                    <Button
                      variant="outline"
                      onClick={() => setStep((s) => Math.max(0, s - 1))}
                      data-testid="wizard-previous"
                    >
                      {t`Previous`}
                    </Button>
                  )}
                  {step === 0 && (
                    <Button variant="ghost" onClick={saveAsDraft} data-testid="wizard-save-draft">
                      {t`Save as Draft`}
                    </Button>
                  )}
                </HStack>
                {step < LAST_STEP ? (
                  <Button type="submit" colorPalette="brand" data-testid="wizard-next">
                    {t`Next`}
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    colorPalette="brand"
                    loading={submitting}
                    loadingText={t`Submitting…`}
                    data-testid="wizard-submit"
                  >
                    {t`Submit Proposal`}
                  </Button>
                )}
              </HStack>
            </form>
          </Stack>
          <WizardSidebar tender={tender} step={step} done={done} />
        </Grid>
      </Stack>
    </FormProvider>
  );
}
