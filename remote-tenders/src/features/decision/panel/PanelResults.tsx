import { Badge, formatNumber, Stack, Text, useSessionStore } from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { EvaluationResults } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { BidderName } from './BidderName.tsx';

/**
 * The results of the technical stage, after the lock: each proposal's technical score, passed or failed, price score,
 * final score and rank (derived by the API from the scores and prices), best first.
 */
export function PanelResults({ results, weighted }: { results: EvaluationResults; weighted: boolean }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const score = (x: number | null) => (x === null ? '—' : formatNumber(x, language));
  return (
    <Stack gap="2" data-testid="panel-results">
      <Text fontWeight="semibold">
        <Trans>Results of the evaluation</Trans>
      </Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t`Rank`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Bidder`}</Table.ColumnHeader>
            {weighted && <Table.ColumnHeader textAlign="end">{t`Technical score`}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t`Technical stage`}</Table.ColumnHeader>
            {weighted && <Table.ColumnHeader textAlign="end">{t`Price score`}</Table.ColumnHeader>}
            {weighted && <Table.ColumnHeader textAlign="end">{t`Final score`}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {results.proposals.map((r) => (
            <Table.Row key={r.proposalId} data-testid="result-row" data-proposal={r.proposalId}>
              <Table.Cell>{r.rank === null ? '—' : formatNumber(r.rank, language)}</Table.Cell>
              <Table.Cell>
                <BidderName bidder={r.bidder} />
              </Table.Cell>
              {weighted && <Table.Cell textAlign="end">{score(r.technicalScore)}</Table.Cell>}
              <Table.Cell>
                <Badge
                  size="sm"
                  colorPalette={r.technicalPassed ? 'green' : 'red'}
                  data-testid="result-passed"
                >
                  {r.technicalPassed ? t`Passed` : t`Did not pass`}
                </Badge>
              </Table.Cell>
              {weighted && <Table.Cell textAlign="end">{score(r.priceScore)}</Table.Cell>}
              {weighted && <Table.Cell textAlign="end">{score(r.finalScore)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
