import {
  EmptyState,
  formatNumber,
  Heading,
  HStack,
  Pager,
  Skeleton,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { Company } from '@bawaba/shared/contracts';
import { queryWords } from '@bawaba/shared/search';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, memo, Suspense, useMemo, useRef } from 'react';
import { CompanyCard } from '../../components/CompanyCard.tsx';
import type { Invitee } from '../invitations/invitee.ts';
import type { InviteSelection } from './useInviteSelection.ts';

// The selection bar (and the invite dialog behind it) is for signed-in users who may invite: never a visitor's.
const SelectionBar = lazy(() =>
  import('../invitations/SelectionBar.tsx').then((m) => ({ default: m.SelectionBar })),
);

/** The results of the directory's search: count, pager above and below, the cards, and the invitation bar. */
export function CompanyResults({
  results,
  loading,
  page,
  marks,
  onPage,
  selection,
}: {
  results: { items: Company[]; totalItems: number; pageCount: number } | undefined;
  loading: boolean;
  page: number;
  /** The keyword searched: its words are marked in the cards. */
  marks: string;
  onPage(page: number): void;
  selection: InviteSelection;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const top = useRef<HTMLDivElement>(null);
  const pageCount = Math.max(1, results?.pageCount ?? 1);
  const total = results?.totalItems ?? 0;
  const items = results?.items ?? [];
  const totalText = formatNumber(total, language);
  const pager = (where: 'top' | 'bottom') => (
    <Pager
      page={page}
      pageCount={pageCount}
      onChange={(next) => {
        onPage(Math.min(Math.max(1, next), pageCount));
        // From the bottom arrows, bring the top of the new page into view.
        if (where === 'bottom') top.current?.scrollIntoView({ block: 'start' });
      }}
      label={where === 'top' ? t`Result pages (top)` : t`Result pages (bottom)`}
    />
  );
  return (
    <Stack
      as="section"
      gap="4"
      aria-labelledby="directory-results-heading"
      aria-busy={loading}
      ref={top}
      gridArea="results"
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="md" id="directory-results-heading">
          <Trans>Companies</Trans>
        </Heading>
        <Text color="fg.muted" data-testid="result-count" data-count={total}>
          {results ? t`${totalText} companies found` : t`Searching…`}
        </Text>
      </HStack>
      {total > 0 && pager('top')}
      {(loading && !results) || selection.pending ? (
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
          marks={marks}
          dimmed={loading}
          selected={selection.selected}
          onSelect={selection.select}
          ownCompanyId={selection.ownCompanyId}
        />
      )}
      {total > 0 && pager('bottom')}
      {selection.selected && (
        <Suspense fallback={null}>
          <SelectionBar companies={[...selection.selected.values()]} onClear={selection.clear} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The result cards, memoised: typing in the keyword box or ticking a category changes only the form's draft, so
 * the cards (the heaviest part of the page) are not rendered again for it (interaction latency).
 */
const CompanyList = memo(function CompanyList({
  items,
  marks,
  dimmed,
  selected,
  onSelect,
  ownCompanyId,
}: {
  items: Company[];
  marks: string;
  dimmed: boolean;
  selected: ReadonlyMap<number, Invitee> | null;
  onSelect(company: Invitee, on: boolean): void;
  ownCompanyId: number | null;
}) {
  const words = useMemo(() => queryWords(marks), [marks]);
  return (
    <Stack gap="3" opacity={dimmed ? 0.6 : 1} data-testid="company-list">
      {items.map((c) => (
        <CompanyCard
          key={c.id}
          company={c}
          marks={words}
          {...(selected &&
            c.id !== ownCompanyId && {
              selection: {
                selected: selected.has(c.id),
                onChange: (on) => onSelect({ id: c.id, name: c.name, nameLang: c.nameLang }, on),
              },
            })}
        />
      ))}
    </Stack>
  );
});
