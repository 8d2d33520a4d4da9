import {
  Box,
  Button,
  formatNumber,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  translateMessage,
  useSessionStore,
} from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import { MAX_CRITERIA, type TextLang } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CriterionDraft,
  type EvaluationDraft,
  emptyCriterion,
  financialWeight,
  weightTotal,
} from '../../rules/evaluation.ts';

/** The contract's message for a path under `evaluation` (`criteria`, `criteria.0.nameEn`, `passMark`, …). */
export type EvaluationIssue = (path: string) => string | undefined;

const NAME = { en: 'nameEn', ar: 'nameAr' } as const;
const DESCRIPTION = { en: 'descriptionEn', ar: 'descriptionAr' } as const;

/** One criterion: its name and description in both languages (the page's first), its weight, remove. */
function CriterionFields({
  index,
  criterion: c,
  onChange,
  onRemove,
  issue,
}: {
  index: number;
  criterion: CriterionDraft;
  onChange: (c: CriterionDraft) => void;
  onRemove: () => void;
  issue: EvaluationIssue;
}) {
  const language = useSessionStore((s) => s.language);
  const order: TextLang[] = language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const number = index + 1;
  const at = (field: string) => issue(`criteria.${index}.${field}`);
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="3" data-testid="criterion-editor">
      <HStack justify="space-between">
        <Fieldset.Legend>
          <Trans>Criterion {number}</Trans>
        </Fieldset.Legend>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          onClick={onRemove}
          data-testid="criterion-remove"
        >
          <Trans>Remove criterion {number}</Trans>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {order.map((lang) => (
          <FormField
            key={`name-${lang}`}
            label={lang === 'ar' ? <Trans>Name in Arabic</Trans> : <Trans>Name in English</Trans>}
            error={at(NAME[lang])}
          >
            <Input
              value={c[NAME[lang]]}
              maxLength={200}
              onChange={(e) => onChange({ ...c, [NAME[lang]]: e.target.value })}
              {...textLangProps(lang)}
              data-testid={`criterion-name-${lang}`}
            />
          </FormField>
        ))}
        {order.map((lang) => (
          <FormField
            key={`description-${lang}`}
            label={
              lang === 'ar' ? <Trans>Description in Arabic</Trans> : <Trans>Description in English</Trans>
            }
            error={at(DESCRIPTION[lang])}
          >
            <Textarea
              rows={2}
              value={c[DESCRIPTION[lang]]}
              maxLength={2000}
              onChange={(e) => onChange({ ...c, [DESCRIPTION[lang]]: e.target.value })}
              {...textLangProps(lang)}
              data-testid={`criterion-description-${lang}`}
            />
          </FormField>
        ))}
      </SimpleGrid>
      <FormField label={<Trans>Weight (%)</Trans>} error={at('weight')} maxW="40">
        <Input
          type="number"
          min={1}
          max={100}
          step={1}
          value={c.weight}
          onChange={(e) => onChange({ ...c, weight: e.target.value })}
          data-testid="criterion-weight-input"
        />
      </FormField>
    </Fieldset.Root>
  );
}

/**
 * The tender's evaluation method, published with it: lowest price or weighted criteria (each named in English,
 * Arabic or both, with a weight; a running total toward 100), the technical/financial split and the technical pass
 * mark, and one envelope or two. The contract's refusals show beside their fields (`issue`).
 */
export default function EvaluationFields({
  value,
  onChange,
  issue,
}: {
  value: EvaluationDraft;
  onChange: (draft: EvaluationDraft) => void;
  issue: EvaluationIssue;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const set = (patch: Partial<EvaluationDraft>) => onChange({ ...value, ...patch });
  const setCriterion = (index: number, c: CriterionDraft) =>
    set({ criteria: value.criteria.map((x, i) => (i === index ? c : x)) });
  const total = formatNumber(weightTotal(value.criteria), language);
  const financial = financialWeight(value);
  const weighted = value.method === 'weighted';
  const criteriaIssue = issue('criteria');
  return (
    <Fieldset.Root data-testid="evaluation-fields">
      <Fieldset.Legend fontWeight="semibold">
        <Trans>Evaluation</Trans>
      </Fieldset.Legend>
      <Text fontSize="sm" color="fg.muted">
        <Trans>Published with the tender. After publication it changes only by an amendment.</Trans>
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={<Trans>Evaluation method</Trans>} error={issue('method')}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value.method}
              onChange={(e) => {
                const method = e.target.value as EvaluationDraft['method'];
                set({
                  method,
                  criteria:
                    method === 'weighted' && value.criteria.length === 0
                      ? [emptyCriterion()]
                      : value.criteria,
                });
              }}
              data-testid="evaluation-method"
            >
              <option value="lowest_price">{t`Lowest price`}</option>
              <option value="weighted">{t`Weighted criteria`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          label={<Trans>Envelopes</Trans>}
          helper={<Trans>With two, prices stay sealed until the technical evaluation is complete.</Trans>}
          error={issue('envelopes')}
        >
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(value.envelopes)}
              onChange={(e) => set({ envelopes: e.target.value === '2' ? 2 : 1 })}
              data-testid="evaluation-envelopes"
            >
              <option value="1">{t`One envelope`}</option>
              <option value="2">{t`Two envelopes: technical, then financial`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      <Checkbox.Root
        checked={value.bestAndFinalOffer}
        onCheckedChange={(e) => set({ bestAndFinalOffer: e.checked === true })}
        data-testid="evaluation-bafo"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          <Trans>
            A best-and-final-offer round may be held: after the evaluation, the proposals still in the running
            may be invited to improve their price by a deadline.
          </Trans>
        </Checkbox.Label>
      </Checkbox.Root>
      {weighted && (
        <Stack gap="3" data-testid="evaluation-weighted">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={<Trans>Technical weight (%)</Trans>} error={issue('technicalWeight')}>
              <Input
                type="number"
                min={0}
                max={100}
                step={1}
                value={value.technicalWeight}
                onChange={(e) => set({ technicalWeight: e.target.value })}
                data-testid="evaluation-technical-weight"
              />
            </FormField>
            <FormField label={<Trans>Financial weight (%)</Trans>} error={issue('financialWeight')}>
              <Input
                readOnly
                value={financial === null ? '' : String(financial)}
                data-testid="evaluation-financial-weight"
              />
            </FormField>
            <FormField
              label={<Trans>Technical pass mark (0 to 100)</Trans>}
              error={issue('passMark')}
              helper={<Trans>A proposal scoring under it is out.</Trans>}
            >
              <Input
                type="number"
                min={0}
                max={100}
                step={1}
                value={value.passMark}
                onChange={(e) => set({ passMark: e.target.value })}
                data-testid="evaluation-pass-mark"
              />
            </FormField>
          </SimpleGrid>
          {value.criteria.map((c, index) => (
            <CriterionFields
              key={c.key}
              index={index}
              criterion={c}
              onChange={(next) => setCriterion(index, next)}
              onRemove={() => set({ criteria: value.criteria.filter((_, i) => i !== index) })}
              issue={issue}
            />
          ))}
          <HStack justify="space-between" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              disabled={value.criteria.length >= MAX_CRITERIA}
              onClick={() => set({ criteria: [...value.criteria, emptyCriterion()] })}
              data-testid="criterion-add"
            >
              <Trans>Add a criterion</Trans>
            </Button>
            <Box aria-live="polite" data-testid="criteria-total">
              <Text
                fontWeight="medium"
                color={weightTotal(value.criteria) === 100 ? 'green.fg' : 'orange.fg'}
              >
                <Trans>Weights: {total} of 100</Trans>
              </Text>
            </Box>
          </HStack>
          {criteriaIssue && (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="criteria-error">
              {translateMessage(criteriaIssue)}
            </Text>
          )}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
