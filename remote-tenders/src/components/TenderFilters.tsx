import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_FILTERS, listCategories, PUBLIC_STATES, type TenderFilterValues } from '../api.ts';
import { STATE_LABELS } from './TenderLifecycle.tsx';

interface Props {
  value: TenderFilterValues;
  onSearch(filters: TenderFilterValues): void;
  onClear(): void;
}

type Key = keyof TenderFilterValues;

/** The filters as one comparable string, whatever the order of their keys. */
const filtersKey = (filters: TenderFilterValues) =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));

/** Every tender filter of docs/product-spec.md §3 (plus the budget range the form shows), sent to GET /tenders. */
export function TenderFilters({ value, onSearch, onClear }: Props) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const categories = useLoad(`categories|${language}`, listCategories).data ?? [];
  const [form, setForm] = useState<TenderFilterValues>(value);
  // The form follows the URL when its filters change for a reason of their own (back/forward, a link), never on a
  // mere re-render — and not when the change is the one this form asked for: the URL changes in a transition that
  // can commit after the person has typed again (Clear, then typing at once), and following it would wipe that.
  const applied = filtersKey(value);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current !== null) {
      // A change this form asked for, or one on the way to it: the form already shows it, or what was typed since.
      if (asked.current === applied) asked.current = null;
      return;
    }
    setForm(Object.fromEntries(JSON.parse(applied)) as TenderFilterValues);
  }, [applied]);
  const ask = (filters: TenderFilterValues) => {
    const key = filtersKey(filters);
    asked.current = key === applied ? null : key;
  };
  const set = (key: Key) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const text = (key: Key, label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input name={key} value={form[key]} onChange={set(key)} size="sm" />
    </Field.Root>
  );
  const number = (key: Key, label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        name={key}
        type="number"
        min={0}
        inputMode="decimal"
        value={form[key]}
        onChange={set(key)}
        size="sm"
      />
    </Field.Root>
  );
  const date = (key: Key, label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input name={key} type="date" value={form[key]} onChange={set(key)} size="sm" />
    </Field.Root>
  );
  const select = (key: Key, label: string, options: [string, string][]) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={key} value={form[key]} onChange={set(key)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <form
      aria-label={t`Filter tenders`}
      onSubmit={(event) => {
        event.preventDefault();
        ask(form);
        onSearch(form);
      }}
      data-testid="tender-filters"
    >
      {/* A plain fieldset with the styles of Chakra's Fieldset recipe: the recipe's component lives in the
          chakra-extra entry, which would bring every extra component onto the list's first page. */}
      <Box
        as="fieldset"
        display="flex"
        flexDirection="column"
        width="full"
        spaceY="4"
        borderWidth="1px"
        borderRadius="lg"
        p="4"
        pt="3"
        bg="bg.panel"
      >
        <Box as="legend" color="fg" textStyle="sm" fontWeight="semibold" float="left" w="full" mb="1">
          {t`Filter tenders`}
        </Box>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {text('q', t`Keyword`)}
          <Field.Root>
            <Field.Label>{t`Category`}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="categoryId"
                value={form.categoryId}
                // A service belongs to one category: choosing another category clears the service.
                onChange={(e) => setForm((f) => ({ ...f, categoryId: e.target.value, serviceId: '' }))}
              >
                <option value="">{t`All`}</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {select('serviceId', t`Service`, [
            ['', t`All`],
            ...categories
              .filter((c) => form.categoryId === '' || String(c.id) === form.categoryId)
              .flatMap((c) => c.services.map((svc): [string, string] => [String(svc.id), svc.name])),
          ])}
          {text('number', t`Reference number`)}
          {text('title', t`Title`)}
          {select('status', t`Status`, [
            ['', t`All`],
            ['open', t`Open`],
            ['closed', t`Closed`],
          ])}
          {select(
            'state',
            t`Stage`,
            PUBLIC_STATES.map((state): [string, string] => [
              state,
              state === 'ended'
                ? t`Ended (awarded, no award or cancelled)`
                : state === 'all'
                  ? t`All stages`
                  : i18n._(STATE_LABELS[state]),
            ]),
          )}
          {select('approvalStatus', t`Approval status`, [
            ['', t`All`],
            ['approved', t`Approved`],
            ['pending', t`Pending`],
            ['rejected', t`Rejected`],
            ['draft', t`Draft`],
          ])}
          {number('minBudget', t`Min budget (QAR)`)}
          {number('maxBudget', t`Max budget (QAR)`)}
          {number('minBond', t`Min bond (QAR)`)}
          {number('maxBond', t`Max bond (QAR)`)}
          {date('startDateFrom', t`Start date from`)}
          {date('startDateTo', t`Start date to`)}
          {date('endDateFrom', t`End date from`)}
          {date('endDateTo', t`End date to`)}
          {date('publishDateFrom', t`Publish date from`)}
          {date('publishDateTo', t`Publish date to`)}
          {select('isPublished', t`Published`, [
            ['', t`All`],
            ['true', t`Yes`],
            ['false', t`No`],
          ])}
        </SimpleGrid>
        <HStack justify="flex-end" gap="2" mt="2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setForm(DEFAULT_FILTERS);
              ask(DEFAULT_FILTERS);
              onClear();
            }}
            data-testid="filters-clear"
          >
            {t`Clear`}
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" data-testid="filters-search">
            {t`Search`}
          </Button>
        </HStack>
      </Box>
    </form>
  );
}
