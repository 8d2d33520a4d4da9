import {
  Box,
  Button,
  EmptyState,
  Field,
  formatNumber,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  PageBanner,
  Pager,
  Skeleton,
  Stack,
  Text,
  useLoad,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import type { Company } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { api, type DirectoryQuery } from '../api.ts';
import { AdCard } from '../components/AdCard.tsx';
import { CategoryTree } from '../components/CategoryTree.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { KeywordBox } from '../components/KeywordBox.tsx';
import { LocationOptions } from '../components/LocationOptions.tsx';
import { SelectionBar } from '../components/SelectionBar.tsx';

interface Filters {
  services: number[];
  name: string;
  location: string;
}

const EMPTY: Filters = { services: [], name: '', location: '' };
const OWN_PARAMS = ['inputValue', 'location', 'services', 'page'];

/** The search the URL describes: `inputValue`, `location` (docs/product-spec.md §2) plus `services` and `page`. */
export function queryFromParams(params: URLSearchParams): DirectoryQuery {
  const location = params.get('location') ?? '';
  return {
    services: (params.get('services') ?? '')
      .split(',')
      .filter((s) => /^\d+$/.test(s))
      .map(Number),
    name: params.get('inputValue') ?? '',
    location: /^\d+$/.test(location) ? location : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The URL of a search (other query parameters, e.g. a staging override, are kept). */
export function paramsOf(query: DirectoryQuery, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of OWN_PARAMS) next.delete(key);
  if (query.name.trim()) next.set('inputValue', query.name.trim());
  if (query.location) next.set('location', query.location);
  if (query.services.length) next.set('services', [...query.services].sort((a, b) => a - b).join(','));
  if (query.page > 1) next.set('page', String(query.page));
  return next;
}

const filtersOf = ({ services, name, location }: DirectoryQuery): Filters => ({ services, name, location });

/**
 * /service — the company directory (docs/product-spec.md §2): filters on the start side (category tree, keyword with
 * autocomplete, location, Search, Clear, the ad card), results on the end side with the pager above and
 * below. The search that runs lives in the URL: `inputValue` and `location` (e.g. from the footer) pre-fill
 * the filters and run it, and Back after opening a company returns to the same results page.
 */
export function DirectoryPage() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  // Companies picked to invite to a tender: offered as the API says — to a signed-in non-admin who has a tender to
  // invite to, on every card but their own company's. id → name, kept across pages and searches.
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const inviter = useLoad(`inviter|${userId}`, api.inviter, signedIn && !isAdmin);
  const selecting = signedIn && !isAdmin && inviter.data?.canInvite === true;
  const ownCompanyId = inviter.data?.companyId ?? null;
  // The cards wait for that answer (asked alongside the results): a selection box appearing afterwards would move them.
  const inviterPending = signedIn && !isAdmin && !inviter.data && !inviter.failed;
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(() => new Map());
  const select = useCallback(
    (id: number, name: string, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(id, name);
        else next.delete(id);
        return next;
      }),
    [],
  );
  // Stable callbacks: a keystroke or a ticked box re-renders the form, not the tree's other items or the cards.
  const setServices = useCallback((services: number[]) => setDraft((d) => ({ ...d, services })), []);
  const setName = useCallback((name: string) => setDraft((d) => ({ ...d, name })), []);
  // Signing out (or in as an admin) drops the selection: it was someone else's.
  useEffect(() => {
    if (!selecting) setSelected(new Map());
  }, [selecting]);
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const queryKey = paramsOf(query).toString();
  const filterKey = paramsOf({ ...query, page: 1 }).toString();

  // The form's values; the search actually run is the URL's (applied on Search, Clear, paging).
  const [draft, setDraft] = useState<Filters>(() => filtersOf(query));
  // When the URL's filters change (a footer link, Back/Forward), the form shows them.
  const [seenFilters, setSeenFilters] = useState(filterKey);
  useEffect(() => {
    if (filterKey === seenFilters) return;
    setSeenFilters(filterKey);
    setDraft(filtersOf(queryFromParams(new URLSearchParams(filterKey))));
  }, [filterKey, seenFilters]);
  const run = (next: DirectoryQuery) => {
    // Our own change of the URL must not reset the form when it lands (navigation is asynchronous, and the
    // user may already be editing the next search).
    setSeenFilters(paramsOf({ ...next, page: 1 }).toString());
    setParams((current) => paramsOf(next, current));
  };

  const categories = useLoad(`categories|${language}`, api.categories);
  const locations = useLoad(`locations|${language}`, api.locations);
  const ad = useLoad(`ad|${language}`, api.activeAd);
  const results = useLoad(`companies|${language}|${signedIn}|${queryKey}`, () =>
    api.companies(queryFromParams(new URLSearchParams(queryKey))),
  );

  const resultsTop = useRef<HTMLDivElement>(null);
  const search = () => run({ ...draft, page: 1 });
  const clear = () => {
    setDraft(EMPTY);
    run({ ...EMPTY, page: 1 });
  };
  const pageCount = Math.max(1, results.data?.pageCount ?? 1);
  const goTo = (page: number) => run({ ...query, page: Math.min(Math.max(1, page), pageCount) });
  const total = results.data?.totalItems ?? 0;
  const items = results.data?.items ?? [];
  const totalText = formatNumber(total, language);
  const pager = (where: 'top' | 'bottom') => (
    <Pager
      page={query.page}
      pageCount={pageCount}
      onChange={(page) => {
        goTo(page);
        // From the bottom arrows, bring the top of the new page into view.
        if (where === 'bottom') resultsTop.current?.scrollIntoView({ block: 'start' });
      }}
      label={where === 'top' ? t`Result pages (top)` : t`Result pages (bottom)`}
    />
  );

  return (
    // Phones get filters, results, then the ad: nothing that loads late sits above the results (it would push
    // them down as it arrives); wide screens keep the spec's left panel with the ad under the filters.
    <Stack gap="6">
      <PageBanner
        title={t`Company directory`}
        text={t`Find trusted companies by service, keyword and location, and ask them for a quote.`}
        action={{
          label: t`Register your company?`,
          to: '/company-register',
          testId: 'register-your-company',
        }}
        testId="directory-banner"
      />
      <Grid
        templateColumns={{ base: '1fr', lg: '320px 1fr' }}
        templateRows={{ lg: 'auto 1fr' }}
        templateAreas={{ base: '"filters" "results" "ad"', lg: '"filters results" "ad results"' }}
        gap="6"
        data-testid="directory"
      >
        <Stack as="aside" gap="4" aria-label={t`Filters`} gridArea="filters">
          <Box
            as="form"
            role="search"
            aria-label={t`Search companies`}
            borderWidth="1px"
            borderRadius="lg"
            p="4"
            onSubmit={(e: { preventDefault(): void }) => {
              e.preventDefault();
              search();
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
                <KeywordBox label={t`Keyword`} value={draft.name} onChange={setName} onSubmit={search} />
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
              <HStack>
                <Button type="submit" colorPalette="brand" flex="1">
                  <Trans>Search</Trans>
                </Button>
                <Button type="button" variant="outline" flex="1" onClick={clear}>
                  <Trans>Clear</Trans>
                </Button>
              </HStack>
            </Stack>
          </Box>
        </Stack>

        <Stack
          as="section"
          gap="4"
          aria-labelledby="directory-results-heading"
          aria-busy={results.loading}
          ref={resultsTop}
          gridArea="results"
        >
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h2" size="md" id="directory-results-heading">
              <Trans>Companies</Trans>
            </Heading>
            <Text color="fg.muted" data-testid="result-count" data-count={total}>
              {results.data ? t`${totalText} companies found` : t`Searching…`}
            </Text>
          </HStack>
          {total > 0 && pager('top')}
          {(results.loading && !results.data) || inviterPending ? (
            <Stack gap="3" data-testid="directory-loading">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h="28" borderRadius="md" />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <EmptyState.Root data-testid="directory-empty">
              <EmptyState.Content>
                <EmptyState.Title>
                  <Trans>No companies match your search</Trans>
                </EmptyState.Title>
                <EmptyState.Description>
                  <Trans>Try other services, another keyword or all locations.</Trans>
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <CompanyList
              items={items}
              dimmed={results.loading}
              selected={selecting ? selected : null}
              onSelect={select}
              ownCompanyId={ownCompanyId}
            />
          )}
          {total > 0 && pager('bottom')}
          {selecting && (
            <SelectionBar
              companies={[...selected].map(([id, name]) => ({ id, name }))}
              onClear={() => setSelected(new Map())}
            />
          )}
        </Stack>

        <Box gridArea="ad" alignSelf="start">
          <AdCard ad={ad.data} />
        </Box>
      </Grid>
    </Stack>
  );
}

/**
 * The result cards, memoised: typing in the keyword box or ticking a category changes only the form's draft, so
 * the cards (the heaviest part of the page) are not rendered again for it (interaction latency).
 */
const CompanyList = memo(function CompanyList({
  items,
  dimmed,
  selected,
  onSelect,
  ownCompanyId,
}: {
  items: Company[];
  dimmed: boolean;
  /** The picked companies, or null when the viewer cannot pick (anonymous, admin, no tender to invite to). */
  selected: ReadonlyMap<number, string> | null;
  onSelect(id: number, name: string, on: boolean): void;
  /** The viewer's own company: never offered for picking. */
  ownCompanyId: number | null;
}) {
  return (
    <Stack gap="3" opacity={dimmed ? 0.6 : 1} data-testid="company-list">
      {items.map((c) => (
        <CompanyCard
          key={c.id}
          company={c}
          {...(selected &&
            c.id !== ownCompanyId && {
              selection: { selected: selected.has(c.id), onChange: (on) => onSelect(c.id, c.name, on) },
            })}
        />
      ))}
    </Stack>
  );
});
