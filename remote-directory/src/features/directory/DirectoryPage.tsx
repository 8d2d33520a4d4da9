import { Box, Grid, PageBanner, Stack, useLoad, useSearchParams, useSessionStore } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, type DirectoryQuery } from '../../api.ts';
import { AdCard } from '../../components/AdCard.tsx';
import { CompanyResults } from './CompanyResults.tsx';
import { DirectoryFilters } from './DirectoryFilters.tsx';
import { EMPTY_FILTERS, type Filters, filtersOf, paramsOf, queryFromParams } from './search-params.ts';
import { useInviteSelection } from './useInviteSelection.ts';

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
  const selection = useInviteSelection();
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

  const ad = useLoad(`ad|${language}`, api.activeAd);
  const results = useLoad(`companies|${language}|${signedIn}|${queryKey}`, () =>
    api.companies(queryFromParams(new URLSearchParams(queryKey))),
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
          <DirectoryFilters
            draft={draft}
            setDraft={setDraft}
            onSearch={() => run({ ...draft, page: 1 })}
            onClear={() => {
              setDraft(EMPTY_FILTERS);
              run({ ...EMPTY_FILTERS, page: 1 });
            }}
          />
        </Stack>
        <CompanyResults
          results={results.data}
          loading={results.loading}
          page={query.page}
          marks={query.name}
          onPage={(page) => run({ ...query, page })}
          selection={selection}
        />
        <Box gridArea="ad" alignSelf="start">
          <AdCard ad={ad.data} />
        </Box>
      </Grid>
    </Stack>
  );
}
