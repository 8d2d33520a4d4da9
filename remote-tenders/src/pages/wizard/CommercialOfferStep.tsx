import {
  Box,
  Button,
  formatMoney,
  HStack,
  Input,
  NativeSelect,
  PAYMENT_TERM_LABELS,
  SimpleGrid,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { Group, InputAddon, Table } from '@bawaba/shared/chakra-extra';
import { PAYMENT_TERMS } from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FileInfo } from '../../rules/draft.ts';
import { breakdownTotal, lineTotal, type ProposalForm, WIZARD_ACCEPT } from '../../rules/proposal.ts';
import { PriceBreakdownDialog } from './PriceBreakdownDialog.tsx';
import { useFieldError } from './useFieldError.ts';

const CURRENCIES = ['QAR', 'USD', 'EUR'] as const;

/**
 * Step 1: offer price, currency, duration, payment terms, the price breakdown and the price documents — the
 * proposal's financial part (docs/decisions/0012-evaluation.md), sealed until the technical evaluation in a tender
 * with two envelopes.
 */
export function CommercialOfferStep({
  files,
  onFile,
  envelopes,
}: {
  files: Record<string, FileInfo>;
  onFile(file: FileInfo): void;
  envelopes: 1 | 2;
}) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const { register, setValue, getValues } = useFormContext<ProposalForm>();
  const priceDocuments = useWatch<ProposalForm, 'priceDocuments'>({ name: 'priceDocuments' }) ?? [];
  const setPriceDocuments = (next: string[]) =>
    setValue('priceDocuments', next, { shouldDirty: true, shouldValidate: false });
  const errorOf = useFieldError<ProposalForm>();
  const currency = useWatch<ProposalForm, 'currency'>({ name: 'currency' }) ?? 'QAR';
  const breakdown = useWatch<ProposalForm, 'breakdown'>({ name: 'breakdown' }) ?? [];
  const [open, setOpen] = useState(false);
  const total = breakdownTotal(breakdown);

  return (
    <Stack gap="5" data-testid="step-commercial">
      {envelopes === 2 && (
        <Text fontSize="sm" color="fg.muted" data-testid="financial-envelope-note">
          {t`This tender has two envelopes: your prices, breakdown and price documents stay sealed until the technical evaluation is complete.`}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t`Proposal value`} error={errorOf('offer_price')} required>
          <Group attached w="full">
            <Input
              type="number"
              min={1}
              step="0.01"
              inputMode="decimal"
              {...register('offer_price', { valueAsNumber: true })}
            />
            <InputAddon>{currency}</InputAddon>
          </Group>
        </FormField>
        <FormField label={t`Currency`} error={errorOf('currency')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t`Project duration (days)`} error={errorOf('period')} required>
          <Input
            type="number"
            min={1}
            step="1"
            inputMode="numeric"
            {...register('period', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label={t`Payment terms`} error={errorOf('payment_terms')} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('payment_terms')}>
              {PAYMENT_TERMS.map((term) => (
                <option key={term.value} value={term.value}>
                  {i18n._(PAYMENT_TERM_LABELS[term.value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>

      <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="breakdown-summary">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Box>
            <Text fontWeight="semibold">{t`Price breakdown`}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t`Optional: itemise your offer (quantities and unit prices in QAR).`}
            </Text>
          </Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={() => setOpen(true)}
            data-testid="open-breakdown"
          >
            {breakdown.length ? t`Edit price breakdown` : t`Add price breakdown`}
          </Button>
        </HStack>
        {breakdown.length > 0 && (
          <Table.Root size="sm" mt="3">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Item`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Quantity`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Unit price (QAR)`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Total`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {breakdown.map((item, index) => (
                <Table.Row key={index} data-testid="breakdown-row">
                  <Table.Cell>{item.name}</Table.Cell>
                  <Table.Cell textAlign="end">{item.quantity}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(item.unitPrice, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(lineTotal(item), language)}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold">
                <Table.Cell colSpan={3}>{t`Breakdown total`}</Table.Cell>
                <Table.Cell textAlign="end" data-testid="breakdown-total">
                  {formatMoney(total, language)}
                </Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        )}
      </Box>

      <FormField
        label={t`Price documents`}
        helper={t`Priced bills of quantities, quotations: documents that show your prices.`}
      >
        <FileUpload
          testId="price-documents"
          variant="list"
          purpose="price-document"
          // Given here, not looked up by the host's FileUpload: a host release older than this purpose has no
          // accept list for it (docs/releases.md).
          accept={WIZARD_ACCEPT}
          multiple
          files={priceDocuments.map((id) => files[id] ?? { id, name: t`Uploaded document`, size: 0 })}
          hint={t`PDF, Word, Excel, JPG, PNG, max 50MB each`}
          successMessage={t`Document uploaded successfully`}
          failureMessage={t`Document upload failed`}
          onUploaded={(file) => {
            onFile(file);
            setPriceDocuments([...(getValues('priceDocuments') ?? []), file.id]);
          }}
          onRemove={(id) => setPriceDocuments((getValues('priceDocuments') ?? []).filter((d) => d !== id))}
        >
          {t`Upload documents`}
        </FileUpload>
      </FormField>

      <PriceBreakdownDialog
        open={open}
        items={breakdown}
        onClose={() => setOpen(false)}
        onSave={(items) => {
          setValue('breakdown', items, { shouldDirty: true });
          setOpen(false);
        }}
      />
    </Stack>
  );
}
