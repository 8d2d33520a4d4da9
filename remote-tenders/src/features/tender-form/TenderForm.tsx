// Over the ~300-line rule: one form of the TenderBody contract's fields, laid out in order; its evaluation editor is
// a file (and a chunk) of its own, EvaluationFields.tsx.
import {
  Box,
  Button,
  HStack,
  Input,
  NativeSelect,
  notify,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useLoad,
} from '@bawaba/shared';
import { Checkbox, Fieldset, Wrap } from '@bawaba/shared/chakra-extra';
import {
  type Category,
  CREDENTIAL_KINDS,
  type CredentialKind,
  DEFAULT_STANDSTILL_DAYS,
  type Tender,
  TenderBody,
  type TextLang,
  TITLE_IN_ONE_LANGUAGE,
  type UploadedFile,
} from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { CREDENTIAL_KIND_LABELS } from '@bawaba/shared/kit';
import { BilingualDescription, TextVersionInputs } from '@bawaba/shared/rich-text';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { type EvaluationDraft, evaluationDraft, evaluationInput } from '../../rules/evaluation.ts';
import { ownerApi } from '../workspace/owner-api.ts';
import { DayOffWarning } from './DayOffWarning.tsx';
import { fromQatarDateTime, toQatarDateTime } from './qatar-time.ts';

// The evaluation editor (criteria, weights, split, envelopes): its own chunk, fetched when the form opens.
const EvaluationFields = lazy(() => import('./EvaluationFields.tsx'));

/**
 * The tender form: the TenderBody contract's fields, dates as the inputs give them; the title in English and Arabic
 * side by side (at least one), the description's two versions in the rich-text editor (the HTML the server's
 * sanitizer keeps).
 */
export interface TenderFormValues {
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  status: 'open' | 'closed';
  serviceIds: number[];
  documentIds: string[];
  participationFee: number;
  bond: number;
  budget: number | null;
  currency: 'QAR' | 'USD' | 'EUR';
  start_date: string;
  end_date: string;
  deadline: string;
  evaluation: EvaluationDraft;
  standstillDays: number;
  requiredCredentials: CredentialKind[];
}

const toDay = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function initialValues(tender: Tender | null): TenderFormValues {
  return {
    titleEn: tender?.titleEn ?? '',
    titleAr: tender?.titleAr ?? '',
    descriptionEn: tender?.descriptionEn ?? '',
    descriptionAr: tender?.descriptionAr ?? '',
    status: tender?.status ?? 'open',
    serviceIds: tender?.services.map((s) => s.id) ?? [],
    documentIds: tender?.documents.map((d) => d.id) ?? [],
    participationFee: tender?.participationFee ?? 0,
    bond: tender?.bond ?? 0,
    budget: tender?.budget ?? null,
    currency: tender?.currency ?? 'QAR',
    start_date: toDay(tender?.start_date ?? null),
    end_date: toDay(tender?.end_date ?? null),
    deadline: toQatarDateTime(tender?.deadline ?? null),
    evaluation: evaluationDraft(tender?.evaluation ?? null),
    standstillDays: tender?.standstillDays ?? DEFAULT_STANDSTILL_DAYS,
    requiredCredentials: tender?.requiredCredentials ?? [],
  };
}

/** A version left blank is sent as null: not written. */
const version = (text: string) => (text.trim() ? text : null);

/** Form values → the request body (the deadline entered in Qatar time, as an ISO instant). */
function toBody(values: TenderFormValues): TenderBody {
  return {
    ...values,
    titleEn: version(values.titleEn),
    titleAr: version(values.titleAr),
    descriptionEn: version(values.descriptionEn),
    descriptionAr: version(values.descriptionAr),
    budget: values.budget === null || Number.isNaN(values.budget) ? null : values.budget,
    deadline: fromQatarDateTime(values.deadline),
    evaluation: evaluationInput(values.evaluation),
  };
}

/** The contract's message at `path` under `evaluation` in the form's errors (`criteria.0.nameEn`, `passMark`, …). */
function evaluationIssue(errors: FieldErrors<TenderFormValues>) {
  return (path: string): string | undefined => {
    let at: unknown = errors.evaluation;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    const message = (at as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };
}

const titleField = (lang: TextLang) => (lang === 'ar' ? 'titleAr' : 'titleEn');
const descriptionField = (lang: TextLang) => (lang === 'ar' ? 'descriptionAr' : 'descriptionEn');

const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

export function TenderForm({
  tender,
  onSaved,
  onCancel,
}: {
  tender: Tender | null;
  onSaved: (tender: Tender) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const categories = useLoad('categories', ownerApi.categories);
  // A tender saved while a document still uploads would be saved without it: the save waits for the uploads.
  const [uploading, setUploading] = useState(false);
  const [documents, setDocuments] = useState<Pick<UploadedFile, 'id' | 'name'>[]>(
    tender?.documents.map((d) => ({ id: d.id, name: d.name })) ?? [],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TenderFormValues>({
    // The contract's rules, checked on the body the API will receive.
    resolver: async (values, context, options) => {
      const body = toBody(values);
      const result = await valibotResolver(TenderBody)(body as never, context, options as never);
      const errors = { ...result.errors };
      // A title in at least one language: the API refuses a tender without.
      if (!body.titleEn && !body.titleAr)
        errors.titleEn = { type: 'required', message: TITLE_IN_ONE_LANGUAGE };
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
    defaultValues: initialValues(tender),
    mode: 'onTouched',
  });

  // Fee and bond are charged in the tender's currency: their labels name it.
  const currency = watch('currency');
  const deadline = watch('deadline');

  const save = handleSubmit(async (values) => {
    try {
      const body = toBody(values);
      const saved = tender ? await ownerApi.updateTender(tender.id, body) : await ownerApi.createTender(body);
      notify.success(tender ? t`Tender saved` : t`Tender created as a draft`);
      onSaved(saved);
    } catch {
      // Shown by the shell.
    }
  });

  const addDocument = (file: UploadedFile) => {
    setDocuments((docs) => [...docs, { id: file.id, name: file.name }]);
    setValue('documentIds', [...getValues('documentIds'), file.id]);
  };
  const removeDocument = (id: string) => {
    setDocuments((docs) => docs.filter((d) => d.id !== id));
    setValue(
      'documentIds',
      getValues('documentIds').filter((d) => d !== id),
    );
  };

  return (
    <form onSubmit={save} noValidate data-testid="tender-form">
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          <Trans>Write the title and the description in English, in Arabic or in both.</Trans>
        </Text>
        <TextVersionInputs
          label={(lang) => (lang === 'ar' ? <Trans>Title in Arabic</Trans> : <Trans>Title in English</Trans>)}
          error={(lang) => errors[titleField(lang)]?.message}
          input={(lang) => ({
            ...register(titleField(lang)),
            'data-testid': lang === 'ar' ? 'tender-title-ar' : 'tender-title',
          })}
        />
        <BilingualDescription
          label={t`Description`}
          helper={
            <Trans>Headings, lists, bold and italic text and links: use the buttons above the text.</Trans>
          }
          initial={{ en: getValues('descriptionEn'), ar: getValues('descriptionAr') }}
          error={(lang) => errors[descriptionField(lang)]?.message}
          onChange={(lang, html) =>
            setValue(descriptionField(lang), html, { shouldDirty: true, shouldValidate: true })
          }
          testId="tender-description"
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label={<Trans>Type</Trans>}
            helper={<Trans>Closed tenders need an approved interest before a proposal.</Trans>}
          >
            <NativeSelect.Root>
              <NativeSelect.Field {...register('status')} data-testid="tender-status">
                <option value="open">{t`Open`}</option>
                <option value="closed">{t`Closed`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={<Trans>Currency</Trans>}>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('currency')} data-testid="tender-currency">
                <option value="QAR">QAR</option>
                <option value="USD">USD</option>
                <option value="EUR">EUR</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={<Trans>Participation fee ({currency})</Trans>}
            helper={<Trans>Fee and bond are charged in the tender's currency.</Trans>}
            error={errors.participationFee?.message}
          >
            <Input
              type="number"
              min={0}
              step="0.01"
              {...register('participationFee', { valueAsNumber: true })}
              data-testid="tender-fee"
            />
          </FormField>
          <FormField label={<Trans>Bond ({currency})</Trans>} error={errors.bond?.message}>
            <Input
              type="number"
              min={0}
              step="0.01"
              {...register('bond', { valueAsNumber: true })}
              data-testid="tender-bond"
            />
          </FormField>
          <FormField label={<Trans>Estimated budget</Trans>} error={errors.budget?.message}>
            <Input type="number" min={0} step="0.01" {...register('budget', { setValueAs: numberOrNull })} />
          </FormField>
          <FormField
            label={<Trans>Standstill after the award (working days)</Trans>}
            helper={
              <Trans>
                Qatar working days, 0 to 30, between the award decision and the award becoming final: bidders
                may object during them. 0 makes the award final at once.
              </Trans>
            }
            error={errors.standstillDays?.message}
          >
            <Input
              type="number"
              min={0}
              max={30}
              step={1}
              inputMode="numeric"
              {...register('standstillDays', { valueAsNumber: true })}
              data-testid="tender-standstill"
            />
          </FormField>
          <FormField
            label={<Trans>Deadline for proposals</Trans>}
            error={errors.deadline?.message}
            helper={<Trans>Qatar time (UTC+3)</Trans>}
            required
          >
            <Input type="datetime-local" {...register('deadline')} data-testid="tender-deadline" />
            <DayOffWarning value={deadline} testId="deadline-day-off" />
          </FormField>
          <FormField label={<Trans>Start date</Trans>} error={errors.start_date?.message} required>
            <Input type="date" {...register('start_date')} data-testid="tender-start" />
          </FormField>
          <FormField label={<Trans>End date</Trans>} error={errors.end_date?.message} required>
            <Input type="date" {...register('end_date')} data-testid="tender-end" />
          </FormField>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          <Trans>The publish date is set when you publish the tender.</Trans>
        </Text>

        <Controller
          control={control}
          name="evaluation"
          render={({ field }) => (
            <Suspense fallback={<Skeleton h="24" borderRadius="md" />}>
              <EvaluationFields
                value={field.value}
                onChange={field.onChange}
                issue={evaluationIssue(errors)}
              />
            </Suspense>
          )}
        />

        <Fieldset.Root>
          <Fieldset.Legend>
            <Trans>Services</Trans>
          </Fieldset.Legend>
          <Controller
            control={control}
            name="serviceIds"
            render={({ field }) => (
              <Stack gap="3" maxH="64" overflowY="auto" borderWidth="1px" borderRadius="md" p="3">
                {(categories.data ?? []).map((category: Category) => (
                  <Box key={category.id}>
                    <Text fontWeight="medium" fontSize="sm" mb="1">
                      {category.name}
                    </Text>
                    <Wrap gap="3">
                      {category.services.map((service) => (
                        <Checkbox.Root
                          key={service.id}
                          size="sm"
                          checked={field.value.includes(service.id)}
                          onCheckedChange={(e) =>
                            field.onChange(
                              e.checked
                                ? [...field.value, service.id]
                                : field.value.filter((id) => id !== service.id),
                            )
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{service.name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Wrap>
                  </Box>
                ))}
              </Stack>
            )}
          />
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend>
            <Trans>Credentials required to bid</Trans>
          </Fieldset.Legend>
          <Fieldset.HelperText>
            <Trans>
              A bidder's company must hold each one, verified by Bawaba and not expired, to submit a proposal.
            </Trans>
          </Fieldset.HelperText>
          <Controller
            control={control}
            name="requiredCredentials"
            render={({ field }) => (
              <Wrap gap="3">
                {CREDENTIAL_KINDS.map((kind) => (
                  <Checkbox.Root
                    key={kind}
                    size="sm"
                    checked={field.value.includes(kind)}
                    // Read at the change, not from the render: two boxes ticked in a row both count.
                    onCheckedChange={(e) => {
                      const chosen = getValues('requiredCredentials').filter((k) => k !== kind);
                      field.onChange(e.checked ? [...chosen, kind] : chosen);
                    }}
                    data-testid={`required-credential-${kind}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{i18n._(CREDENTIAL_KIND_LABELS[kind])}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Wrap>
            )}
          />
        </Fieldset.Root>

        <Stack gap="2">
          <Text fontWeight="medium">
            <Trans>Documents</Trans>
          </Text>
          {documents.map((doc) => (
            <HStack key={doc.id} justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="1">
              <Text fontSize="sm" truncate>
                {doc.name}
              </Text>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => removeDocument(doc.id)}>
                <Trans>Remove</Trans>
              </Button>
            </HStack>
          ))}
          <HStack>
            <FileUpload
              purpose="tender-document"
              multiple
              onUploaded={addDocument}
              onBusyChange={setUploading}
              successMessage={t`File uploaded successfully`}
              testId="tender-document"
            >
              <Trans>Add documents</Trans>
            </FileUpload>
            <Text fontSize="xs" color="fg.muted">
              <Trans>PDF, Word, Excel, JPG, PNG, max 50MB each</Trans>
            </Text>
          </HStack>
        </Stack>

        <HStack gap="3">
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            disabled={uploading}
            data-testid="tender-save"
          >
            {tender ? <Trans>Save tender</Trans> : <Trans>Create draft</Trans>}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
