import {
  Box,
  Button,
  formatMoney,
  HStack,
  IconButton,
  Input,
  notify,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  translateMessage,
  useSessionStore,
} from '@bawaba/shared';
import { CloseButton } from '@bawaba/shared/chakra-extra';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { FormField } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { PlusIcon, TrashIcon } from '../../components/icons.tsx';
import {
  type BreakdownForm,
  BreakdownFormSchema,
  breakdownTotal,
  emptyBreakdownItem,
  lineTotal,
} from '../../rules/proposal.ts';

interface Props {
  open: boolean;
  items: BreakdownForm[];
  onClose(): void;
  onSave(items: BreakdownForm[]): void;
}

type RowErrors = Partial<Record<keyof BreakdownForm, string>>;

function breakdownErrors(items: BreakdownForm[]): RowErrors[] {
  return items.map((item) => {
    const result = v.safeParse(BreakdownFormSchema, item);
    const errors: RowErrors = {};
    if (!result.success)
      for (const issue of result.issues) {
        const key = v.getDotPath(issue) as keyof BreakdownForm | null;
        if (key && !errors[key]) errors[key] = issue.message;
      }
    return errors;
  });
}

/**
 * The price-breakdown modal (docs/product-spec.md §2): item, description, quantity (≥ 1), unit price in QAR (≥ 0.01, step
 * 0.01), the line total, add and remove item. Saved items become the proposal's `breakdown`.
 */
export function PriceBreakdownDialog({ open, items, onClose, onSave }: Props) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [rows, setRows] = useState<BreakdownForm[]>([]);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (open) {
      setRows(items.length ? items.map((i) => ({ ...i })) : [emptyBreakdownItem()]);
      setChecked(false);
    }
  }, [open, items]);

  const errors = breakdownErrors(rows);
  const update = (index: number, patch: Partial<BreakdownForm>) =>
    setRows((r) => r.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const message = (text: string | undefined) => (checked ? translateMessage(text) : undefined);

  function save() {
    setChecked(true);
    if (errors.some((e) => Object.keys(e).length > 0)) return;
    onSave(rows.map((r) => ({ ...r, name: r.name.trim(), description: r.description.trim() })));
    notify.success(t`Price breakdown saved`);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="breakdown-dialog">
            <Dialog.Header>
              <Dialog.Title>{t`Price breakdown`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {rows.map((row, index) => (
                  <Box key={index} borderWidth="1px" borderRadius="md" p="3" data-testid="breakdown-item">
                    <HStack justify="space-between" mb="2">
                      <Text fontWeight="semibold">{t`Item ${index + 1}`}</Text>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t`Remove item ${index + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
                        data-testid="breakdown-remove"
                      >
                        <TrashIcon />
                      </IconButton>
                    </HStack>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      <FormField label={t`Item`} required error={message(errors[index]?.name)}>
                        <Input
                          name={`breakdown.${index}.name`}
                          value={row.name}
                          onChange={(e) => update(index, { name: e.target.value })}
                        />
                      </FormField>
                      <FormField label={t`Description`}>
                        <Input
                          name={`breakdown.${index}.description`}
                          value={row.description}
                          onChange={(e) => update(index, { description: e.target.value })}
                        />
                      </FormField>
                      <FormField label={t`Quantity`} error={message(errors[index]?.quantity)}>
                        <Input
                          name={`breakdown.${index}.quantity`}
                          type="number"
                          min={1}
                          step={1}
                          value={Number.isNaN(row.quantity) ? '' : row.quantity}
                          onChange={(e) => update(index, { quantity: e.target.valueAsNumber })}
                        />
                      </FormField>
                      <FormField label={t`Unit price (QAR)`} error={message(errors[index]?.unitPrice)}>
                        <Input
                          name={`breakdown.${index}.unitPrice`}
                          type="number"
                          min={0.01}
                          step={0.01}
                          value={Number.isNaN(row.unitPrice) ? '' : row.unitPrice}
                          onChange={(e) => update(index, { unitPrice: e.target.valueAsNumber })}
                        />
                      </FormField>
                    </SimpleGrid>
                    <Text mt="2" textAlign="end" fontSize="sm" data-testid="breakdown-line-total">
                      {t`Total`}: {formatMoney(lineTotal(row), language)}
                    </Text>
                  </Box>
                ))}
                <Button
                  variant="outline"
                  size="sm"
                  alignSelf="flex-start"
                  onClick={() => setRows((r) => [...r, emptyBreakdownItem()])}
                  data-testid="breakdown-add"
                >
                  <PlusIcon /> {t`Add item`}
                </Button>
                <Text fontWeight="semibold" textAlign="end" data-testid="breakdown-dialog-total">
                  {t`Breakdown total`}: {formatMoney(breakdownTotal(rows), language)}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t`Cancel`}
              </Button>
              <Button colorPalette="brand" onClick={save} data-testid="breakdown-save">
                {t`Save`}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
