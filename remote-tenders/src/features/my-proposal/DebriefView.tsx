import { Badge, Box, formatNumber, Stack, Text, useLoad, useSessionStore } from '@bawaba/shared';
import { call, tenderDebrief } from '@bawaba/shared/call';
import { Table } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A bidder's debrief once an award is decided (docs/decisions/0014-evaluation-panel.md), in its own chunk on the
 * tender page: whether their proposal won, their rank, whether it passed the technical stage, their mean score per
 * criterion against the winner's with the evaluators' unsigned comments, the totals, and why it was marked not
 * responsive. Only the proposal's bidding side receives it; the page shows it from the award decision on.
 */
export default function DebriefView({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const debrief = useLoad(`debrief:${tender.id}:${tender.state}`, () =>
    call(tenderDebrief, { params: { id: tender.id } }),
  );
  const d = debrief.data;
  if (!d) return null;
  const n = (x: number | null) => (x === null ? '—' : formatNumber(x, language));
  const rank = d.mine.rank === null ? null : formatNumber(d.mine.rank, language);
  const ranked = formatNumber(d.rankedCount, language);
  const passMark = n(d.passMark);
  return (
    <Box
      as="section"
      mt="4"
      aria-labelledby="debrief-title"
      data-testid="debrief"
      data-winner={d.isWinner}
      data-rank={d.mine.rank ?? ''}
    >
      <Text id="debrief-title" fontWeight="semibold">
        <Trans>Your debrief</Trans>
      </Text>
      <Stack gap="1" fontSize="sm" mt="1">
        <Text data-testid="debrief-outcome">
          {d.isWinner ? t`Your proposal was chosen.` : t`The award went to another proposal.`}
        </Text>
        {rank !== null && <Text data-testid="debrief-rank">{t`Your rank: ${rank} of ${ranked}.`}</Text>}
        {d.technicalPassed !== null && (
          <Text data-testid="debrief-technical">
            {d.technicalPassed
              ? d.passMark === null
                ? t`Your proposal passed the technical evaluation.`
                : t`Your proposal passed the technical evaluation (pass mark ${passMark}).`
              : d.passMark === null
                ? t`Your proposal did not pass the technical evaluation: its price was not opened.`
                : t`Your proposal did not reach the pass mark of ${passMark}: its price was not opened.`}
          </Text>
        )}
        {d.notResponsiveReason && (
          <Text data-testid="debrief-not-responsive">
            <Trans>Marked not responsive:</Trans> <bdi>{d.notResponsiveReason}</bdi>
          </Text>
        )}
      </Stack>
      {d.criteria.length > 0 && (
        <Table.Root size="sm" mt="2" data-testid="debrief-criteria">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t`Criterion`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Weight`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Your score (of 10)`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Winner's score (of 10)`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.criteria.map((c) => {
              const weight = formatNumber(c.weight, language);
              return (
                <Table.Row key={c.criterion} data-testid="debrief-criterion">
                  <Table.Cell>
                    <Text {...textLangProps(c.nameLang)}>{c.name}</Text>
                    {c.comments.map((comment) => (
                      <Text key={comment} fontSize="xs" color="fg.muted" dir="auto" whiteSpace="pre-wrap">
                        {comment}
                      </Text>
                    ))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{t`${weight}%`}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="debrief-mine" data-value={c.mine ?? ''}>
                    {n(c.mine)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="debrief-winner" data-value={c.winner ?? ''}>
                    {n(c.winner)}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
      {(d.mine.finalScore !== null || d.winner.finalScore !== null) && (
        <Stack gap="1" fontSize="sm" mt="2" data-testid="debrief-totals">
          <Text>
            {t`Technical score: yours ${n(d.mine.technicalScore)}, the winner's ${n(d.winner.technicalScore)}.`}
          </Text>
          <Text>{t`Price score: yours ${n(d.mine.priceScore)}, the winner's ${n(d.winner.priceScore)}.`}</Text>
          <Text fontWeight="medium">
            {t`Final score: yours ${n(d.mine.finalScore)}, the winner's ${n(d.winner.finalScore)}.`}{' '}
            {d.isWinner && (
              <Badge colorPalette="green">
                <Trans>Chosen</Trans>
              </Badge>
            )}
          </Text>
        </Stack>
      )}
    </Box>
  );
}
