import {
  Badge,
  Box,
  Button,
  formatDate,
  formatMoney,
  formatNumber,
  HStack,
  notify,
  PAYMENT_TERM_LABELS,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { ComparisonQuery, ComparisonRow, Tender } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading, SealedPrice } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { AmountWords } from '../../../components/AmountWords.tsx';
import { bidderName } from '../../../components/bidder-name.ts';
import { ownerApi } from '../../workspace/owner-api.ts';
import { EvaluationActions } from '../evaluation/EvaluationActions.tsx';
import { ReasonForm } from '../ReasonForm.tsx';
import { STACKED } from './stacked.ts';

type Sort = NonNullable<ComparisonQuery['sort']>;
const EVALUATION_LABELS: Record<NonNullable<ComparisonRow['evaluation']>, MessageDescriptor> = {
  shortlisted: msg`Shortlisted`,
  not_responsive: msg`Not responsive`,
};

/** An amount of a row, or the sealed placeholder while the row's financial part is sealed (null). */
function Price({
  amount,
  currency,
  words,
}: {
  amount: number | null;
  currency: ComparisonRow['currency'];
  words?: boolean;
}) {
  const language = useSessionStore((s) => s.language);
  if (amount === null || currency === null) return <SealedPrice />;
  return (
    <>
      {formatMoney(amount, language, currency)}
      {words && <AmountWords amount={amount} currency={currency} />}
    </>
  );
}

/** Before the deadline the count only; after it the latest version of every proposal, sortable, with actions. */
export function ComparisonView({
  tender,
  version,
  onChanged,
}: {
  tender: Tender;
  version: number;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [query, setQuery] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({
    sort: 'offerPrice',
    order: 'asc',
  });
  const [acting, setActing] = useState<{ row: ComparisonRow; kind: 'award' | 'not_responsive' } | null>(null);
  const cmp = useLoad(`comparison:${tender.id}:${query.sort}:${query.order}:${version}`, () =>
    ownerApi.comparison(tender.id, query),
  );
  if (cmp.loading && !cmp.data) return <Loading />;
  if (!cmp.data) return <LoadFailed onRetry={cmp.reload} />;
  const data = cmp.data;
  if (data.sealed)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="comparison-sealed">
        <Trans>
          Proposals are sealed until the deadline ({formatDate(tender.deadline, language)}). Received so far:{' '}
          {data.proposalCount}.
        </Trans>
      </Text>
    );
  if (data.rows.length === 0) {
    // Cancelled before its deadline: what came in was never opened, which is not "nothing came in".
    if (data.proposalCount > 0)
      return (
        <Text fontSize="sm" color="fg.muted" data-testid="comparison-unopened">
          <Trans>
            The tender was cancelled before its deadline, so the proposals received ({data.proposalCount})
            were never opened.
          </Trans>
        </Text>
      );
    return <Empty title={<Trans>No proposals were received</Trans>} />;
  }
  // Evaluating and awarding are offered while the API allows them (`can`), each row's award unless it refuses it.
  const deciding = tender.can.evaluate || tender.can.award;

  const evaluate = async (
    row: ComparisonRow,
    evaluation: 'shortlisted' | 'not_responsive',
    reason?: string,
  ) => {
    try {
      await ownerApi.evaluate(tender.id, row.proposalId, { evaluation, reason });
      notify.success(evaluation === 'shortlisted' ? t`Shortlisted` : t`Marked not responsive`);
      setActing(null);
      cmp.reload();
    } catch {
      // The shell shows the server's message.
    }
  };
  // Nothing is ordered by a sealed price: while every row's is sealed, the price columns offer no sorting.
  const pricesOpen = data.rows.some((row) => !row.financialSealed);
  const header = (key: Sort, label: ReactNode) => {
    const active = query.sort === key;
    if (!pricesOpen && (key === 'offerPrice' || key === 'milestoneTotal'))
      return <Table.ColumnHeader {...STACKED.header}>{label}</Table.ColumnHeader>;
    return (
      <Table.ColumnHeader
        aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}
        {...STACKED.header}
      >
        <Button
          size="xs"
          variant="ghost"
          whiteSpace="normal"
          h="auto"
          minH="6"
          py="1"
          textAlign="start"
          onClick={() => setQuery({ sort: key, order: active && query.order === 'asc' ? 'desc' : 'asc' })}
          data-testid={`sort-${key}`}
        >
          {label}
          {active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}
        </Button>
      </Table.ColumnHeader>
    );
  };
  const bidderOf = (row: ComparisonRow) => bidderName(row.bidder).text;
  const cell = (label: string) => ({ 'data-label': label, ...STACKED.cell });

  return (
    <Stack gap="3" data-testid="comparison">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>Comparison of the latest versions ({data.proposalCount})</Trans>
        </Text>
        <Button
          size="sm"
          variant="outline"
          data-testid="comparison-csv"
          onClick={() =>
            void ownerApi
              .downloadComparison(tender.id, query, `${tender.number}-comparison.csv`)
              .catch(() => undefined)
          }
        >
          <Trans>Export CSV</Trans>
        </Button>
      </HStack>
      {/* Six columns that wrap their text, each proposal's actions on a row of their own below it: the table
          fits its column at laptop widths; on narrower screens each proposal stacks as a card (labels from
          data-label) and the sort buttons wrap above them. Nothing needs sideways scrolling. */}
      <Table.Root size="sm" data-testid="comparison-table" {...STACKED.table}>
        <Table.Header {...STACKED.head}>
          <Table.Row {...STACKED.headRow}>
            {header('bidder', <Trans>Bidder</Trans>)}
            {header('offerPrice', <Trans>Offer price</Trans>)}
            {header('period', <Trans>Period (days)</Trans>)}
            {header('milestoneTotal', <Trans>Milestones</Trans>)}
            <Table.ColumnHeader {...STACKED.header} display={{ base: 'none', lg: 'table-cell' }}>
              <Trans>Terms and payment</Trans>
            </Table.ColumnHeader>
            {header('submittedAt', <Trans>Submitted on</Trans>)}
          </Table.Row>
        </Table.Header>
        {data.rows.map((row) => {
          const bidder = bidderName(row.bidder);
          return (
            <Table.Body
              key={row.proposalId}
              data-testid="comparison-row"
              data-proposal-id={row.proposalId}
              data-evaluation={row.evaluation ?? ''}
              {...STACKED.body}
            >
              <Table.Row {...STACKED.row}>
                <Table.Cell {...cell(t`Bidder`)} data-testid="row-bidder">
                  <Text fontWeight="medium" overflowWrap="anywhere" {...bidder.attrs}>
                    {bidder.text}
                  </Text>
                  <HStack gap="1" wrap="wrap" mt="1">
                    {data.awardedProposalId === row.proposalId && (
                      <Badge colorPalette="green" data-testid="awarded-row">
                        <Trans>Awarded</Trans>
                      </Badge>
                    )}
                    {row.evaluation && (
                      <Badge
                        colorPalette={row.evaluation === 'shortlisted' ? 'blue' : 'red'}
                        data-testid="row-evaluation"
                      >
                        {i18n._(EVALUATION_LABELS[row.evaluation])}
                      </Badge>
                    )}
                  </HStack>
                  {row.evaluationReason && (
                    <Text fontSize="xs" dir="auto">
                      {row.evaluationReason}
                    </Text>
                  )}
                  <RowResults row={row} />
                </Table.Cell>
                <Table.Cell {...cell(t`Offer price`)} data-testid="row-price" whiteSpace="nowrap">
                  <Price amount={row.offerPrice} currency={row.currency} words />
                </Table.Cell>
                <Table.Cell {...cell(t`Period (days)`)}>{formatNumber(row.period, language)}</Table.Cell>
                <Table.Cell {...cell(t`Milestones`)}>
                  {formatNumber(row.milestones.count, language)} ·{' '}
                  <Price amount={row.milestones.total} currency={row.currency} />
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(row.milestones.firstStart, language)} –{' '}
                    {formatDate(row.milestones.lastEnd, language)}
                  </Text>
                </Table.Cell>
                <Table.Cell {...cell(t`Terms and payment`)}>
                  {row.paymentTerms === null ? (
                    <SealedPrice />
                  ) : (
                    i18n._(PAYMENT_TERM_LABELS[row.paymentTerms])
                  )}
                  <Box mt="1">
                    <StatusBadge status={row.paymentStatus} />
                  </Box>
                </Table.Cell>
                <Table.Cell {...cell(t`Submitted on`)}>
                  {formatDate(row.submittedAt, language)}
                  <Text fontSize="xs" color="fg.muted">
                    <Trans>
                      Version {formatNumber(row.version, language)} · documents:{' '}
                      {formatNumber(row.documentCount, language)}
                    </Trans>
                  </Text>
                </Table.Cell>
              </Table.Row>
              {deciding && (
                <Table.Row {...STACKED.row}>
                  <Table.Cell colSpan={6} {...STACKED.actions}>
                    <EvaluationActions
                      row={row}
                      bidder={bidderOf(row)}
                      canEvaluate={tender.can.evaluate}
                      canAward={tender.can.award}
                      onShortlist={() => void evaluate(row, 'shortlisted')}
                      onAct={(kind) => setActing({ row, kind })}
                    />
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          );
        })}
      </Table.Root>
      {acting?.kind === 'not_responsive' && (
        <ReasonForm
          label={t`Why is the proposal of ${bidderOf(acting.row)} not responsive?`}
          submit={t`Mark not responsive`}
          onSubmit={(reason) => evaluate(acting.row, 'not_responsive', reason)}
          onCancel={() => setActing(null)}
          testId="not-responsive-form"
          danger
        />
      )}
      {acting?.kind === 'award' && (
        <Text data-testid="award-amount">
          {t`Award amount`}: <Price amount={acting.row.offerPrice} currency={acting.row.currency} words />
        </Text>
      )}
      {acting?.kind === 'award' && (
        <ReasonForm
          label={t`Award the tender to ${bidderOf(acting.row)}: a note for your records (optional, not published)`}
          submit={t`Award`}
          required={false}
          onSubmit={async (note) => {
            const answer = await ownerApi.award(tender.id, acting.row.proposalId, note);
            // Under four eyes the award is recorded as a request, and the answer's refusals say it is pending.
            notify.success(
              answer.refusals.award === 'DECISION_PENDING'
                ? t`Award requested: it waits for an approver`
                : t`Tender awarded`,
            );
            setActing(null);
            onChanged();
          }}
          onCancel={() => setActing(null)}
          testId="award-form"
        />
      )}
    </Stack>
  );
}

/**
 * A proposal's evaluation results, once the technical stage is locked (null before): passed or failed, its rank, and
 * in a weighted tender its technical, price and final scores.
 */
function RowResults({ row }: { row: ComparisonRow }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  if (row.technicalPassed === null) return null;
  const n = (x: number | null) => (x === null ? '—' : formatNumber(x, language));
  const rank = n(row.rank);
  const technical = n(row.technicalScore);
  const price = n(row.priceScore);
  const final = n(row.finalScore);
  return (
    <Stack gap="1" mt="1" data-testid="row-results">
      <HStack gap="1" wrap="wrap">
        <Badge colorPalette={row.technicalPassed ? 'green' : 'red'} data-testid="row-technical-passed">
          {row.technicalPassed ? t`Passed the technical stage` : t`Failed the technical stage`}
        </Badge>
        {row.rank !== null && <Badge data-testid="row-rank">{t`Rank ${rank}`}</Badge>}
      </HStack>
      {row.technicalScore !== null && (
        <Text fontSize="xs" color="fg.muted" data-testid="row-scores">
          {t`Technical ${technical} · price ${price} · final ${final}`}
        </Text>
      )}
    </Stack>
  );
}
