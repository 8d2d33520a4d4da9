import {
  Box,
  Button,
  clampPage,
  formatNumber,
  HStack,
  PageBanner,
  Pager,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useLoad,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import { queryWords } from '@bawaba/shared/search';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { DEFAULT_FILTERS, FILTER_KEYS, listTenders, type TenderFilterValues } from '../api.ts';
import { useCaller } from '../caller.ts';
import { TenderCard } from '../components/TenderCard.tsx';
import { TenderFilters } from '../components/TenderFilters.tsx';

/** Filters live in the URL (a reload or a shared link keeps them); absent keys take the defaults. */
function filtersFrom(params: URLSearchParams): TenderFilterValues {
  const filters = { ...DEFAULT_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return filters;
}

function paramsFrom(filters: TenderFilterValues, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, filters[key]);
  if (page > 1) params.set('page', String(page));
  return params;
}

export default function TenderList() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const caller = useCaller();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useLoad(`tenders|${language}|${caller}|${page}|${JSON.stringify(filters)}`, () =>
    listTenders(filters, page),
  );
  const result = list.data ?? null;
  // The words searched, marked in the cards: the keyword's, the title filter's and the number's.
  const marks = useMemo(
    () => queryWords(`${filters.q} ${filters.title} ${filters.number}`),
    [filters.q, filters.title, filters.number],
  );
  const { loading, failed, reload } = list;

  const pages = Math.max(1, result?.pageCount ?? 1);
  const goTo = (next: number) => setParams(paramsFrom(filters, clampPage(next, pages)));

  return (
    <Stack gap="6" data-testid="tender-list" aria-busy={loading}>
      <PageBanner
        title={t`Tenders`}
        text={t`Browse published tenders, express interest in closed tenders and submit proposals to open ones.`}
        action={{
          label: t`Submit your tender?`,
          to: '/account/tender-management',
          testId: 'submit-your-tender',
        }}
        testId="tender-banner"
      />

      <TenderFilters
        value={filters}
        onSearch={(next) => setParams(paramsFrom(next, 1))}
        onClear={() => setParams(new URLSearchParams())}
      />

      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontWeight="medium" data-testid="tender-count" data-total={result?.totalItems ?? ''}>
          {result ? t`${formatNumber(result.totalItems, language)} tenders found` : t`Loading tenders…`}
        </Text>
        {result && result.totalItems > 0 && (
          <Pager page={page} pageCount={pages} onChange={goTo} label={t`Tender pages, top`} />
        )}
      </HStack>

      {failed && (
        <Box borderWidth="1px" borderRadius="md" p="4" textAlign="center">
          <Text mb="2">{t`Tenders could not be loaded.`}</Text>
          <Button size="sm" onClick={reload}>{t`Retry`}</Button>
        </Box>
      )}

      {!result && !failed && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h="56" borderRadius="lg" />
          ))}
        </SimpleGrid>
      )}

      {result && result.items.length === 0 && (
        <Text textAlign="center" py="10" color="fg.muted" data-testid="tender-empty">
          {t`No tenders match these filters.`}
        </Text>
      )}

      {result && result.items.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="tender-grid">
          {result.items.map((tender) => (
            <TenderCard key={tender.id} tender={tender} onChanged={reload} marks={marks} />
          ))}
        </SimpleGrid>
      )}

      {result && result.totalItems > 0 && (
        <Pager page={page} pageCount={pages} onChange={goTo} label={t`Tender pages, bottom`} />
      )}
    </Stack>
  );
}
