import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Dispatch, type SetStateAction, useCallback } from 'react';
import { api } from '../../api.ts';
import { CategoryTree } from '../../components/CategoryTree.tsx';
import { KeywordBox } from '../../components/KeywordBox.tsx';
import { LocationOptions } from '../../components/LocationOptions.tsx';
import type { Filters } from './search-params.ts';

/**
 * The directory's filter form (docs/product-spec.md §2): category tree, keyword with autocomplete, location, Search
 * and Clear. It edits the draft; `onSearch` runs it.
 */
export function DirectoryFilters({
  draft,
  setDraft,
  onSearch,
  onClear,
}: {
  draft: Filters;
  setDraft: Dispatch<SetStateAction<Filters>>;
  onSearch(): void;
  onClear(): void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const categories = useLoad(`categories|${language}`, api.categories);
  const locations = useLoad(`locations|${language}`, api.locations);
  // Stable callbacks: a keystroke or a ticked box re-renders the form, not the tree's other items or the cards.
  const setServices = useCallback((services: number[]) => setDraft((d) => ({ ...d, services })), [setDraft]);
  const setName = useCallback((name: string) => setDraft((d) => ({ ...d, name })), [setDraft]);
  return (
    <Box
      as="form"
      role="search"
      aria-label={t`Search companies`}
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      onSubmit={(e: { preventDefault(): void }) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <Stack gap="4">
        <Heading as="h2" size="md">
          <Trans>Find a service provider</Trans>
        </Heading>
        <Stack gap="1">
          <Text fontWeight="medium" fontSize="sm">
            <Trans>Categories</Trans>
          </Text>
          {categories.loading && !categories.data ? (
            // The tree's box has its loaded height from the start, so the fields below never move.
            <Stack gap="2" h="80">
              <Skeleton h="6" />
              <Skeleton h="6" />
              <Skeleton h="6" />
            </Stack>
          ) : (
            <Box h="80" overflowY="auto" pe="1">
              <CategoryTree
                followable
                categories={categories.data ?? []}
                selected={draft.services}
                onChange={setServices}
              />
            </Box>
          )}
        </Stack>
        <Field.Root>
          <Field.Label>
            <Trans>Keyword</Trans>
          </Field.Label>
          <KeywordBox label={t`Keyword`} value={draft.name} onChange={setName} onSubmit={onSearch} />
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Location</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t`Location`}
              value={draft.location}
              onChange={(e) => {
                const location = e.currentTarget.value;
                setDraft((d) => ({ ...d, location }));
              }}
            >
              <LocationOptions locations={locations.data} emptyLabel={t`All locations`} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Reputation on Bawaba</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.reputation}
              onChange={(e) => {
                const reputation = e.currentTarget.value;
                setDraft((d) => ({ ...d, reputation }));
              }}
              data-testid="reputation-filter"
            >
              <option value="">{t`Any`}</option>
              <option value="delivered">{t`Delivered contracts`}</option>
              <option value="4">{t`Rated 4 and above`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {/* A native box: the directory is a first page and stays within its JavaScript budget. */}
        <chakra.label display="flex" gap="2" alignItems="center">
          <chakra.input
            type="checkbox"
            checked={draft.sort === 'rating'}
            onChange={(e) => {
              const sort = e.currentTarget.checked ? 'rating' : '';
              setDraft((d) => ({ ...d, sort }));
            }}
            accentColor="brand.solid"
            data-testid="sort-by-rating"
          />
          <Trans>Best rated first</Trans>
        </chakra.label>
        <HStack>
          <Button type="submit" colorPalette="brand" flex="1">
            <Trans>Search</Trans>
          </Button>
          <Button type="button" variant="outline" flex="1" onClick={onClear}>
            <Trans>Clear</Trans>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
