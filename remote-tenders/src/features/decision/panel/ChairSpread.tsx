import {
  Badge,
  Box,
  Button,
  formatNumber,
  HStack,
  notify,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { Criterion, Panel } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ReasonForm } from '../ReasonForm.tsx';
import { BidderName } from './BidderName.tsx';
import { panelApi } from './panel-api.ts';
import { CriterionName } from './ScoringSheet.tsx';

/**
 * The chair's view once they have submitted their own scores: per proposal and criterion every evaluator's score and
 * reasons, the lowest and highest; the chair may ask one evaluator to look at one score again (`can.requestRevisit`),
 * with a reason the evaluator reads.
 */
export function ChairSpread({
  tenderId,
  criteria,
  panel,
  canRevisit,
  onChanged,
}: {
  tenderId: number;
  criteria: readonly Criterion[];
  panel: Panel;
  canRevisit: boolean;
  onChanged: (panel: Panel) => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [asking, setAsking] = useState<string | null>(null);
  const nameOf = (id: number) => panel.members.find((m) => m.userId === id)?.name ?? '';
  const n = (x: number) => formatNumber(x, language);
  return (
    <Stack gap="3" data-testid="chair-spread">
      <Text fontWeight="semibold">
        <Trans>The panel's scores</Trans>
      </Text>
      {(panel.bidders ?? [])
        .filter((b) => b.scored)
        .map((bidder) => (
          <Box
            key={bidder.proposalId}
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="spread-proposal"
          >
            <Text fontWeight="medium" mb="2">
              <BidderName bidder={bidder} />
            </Text>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t`Criterion`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Scores`}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t`Lowest–highest`}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {criteria.map((criterion, position) => {
                  const cell = panel.spread?.find(
                    (c) => c.proposalId === bidder.proposalId && c.criterion === position,
                  );
                  const low = n(cell?.min ?? 0);
                  const high = n(cell?.max ?? 0);
                  return (
                    <Table.Row key={position} data-testid="spread-cell">
                      <Table.Cell>
                        <CriterionName criterion={criterion} />
                      </Table.Cell>
                      <Table.Cell>
                        <Stack gap="1">
                          {(cell?.scores ?? []).map((s) => {
                            const key = `${bidder.proposalId}:${position}:${s.evaluatorId}`;
                            const score = n(s.score);
                            return (
                              <Stack key={key} gap="1" data-testid="spread-score">
                                <HStack gap="2" wrap="wrap">
                                  <Badge size="sm">{score}</Badge>
                                  <Text fontSize="sm">
                                    <bdi dir="auto">{nameOf(s.evaluatorId)}</bdi>:{' '}
                                    <bdi dir="auto">{s.comment}</bdi>
                                  </Text>
                                  {canRevisit && asking !== key && (
                                    <Button
                                      size="2xs"
                                      variant="ghost"
                                      onClick={() => setAsking(key)}
                                      data-testid="ask-revisit"
                                    >
                                      <Trans>Ask to revisit</Trans>
                                    </Button>
                                  )}
                                </HStack>
                                {asking === key && (
                                  <ReasonForm
                                    label={t`What should ${nameOf(s.evaluatorId)} look at again?`}
                                    submit={t`Ask to revisit`}
                                    onSubmit={async (reason) => {
                                      const next = await panelApi.revisit(tenderId, {
                                        evaluatorId: s.evaluatorId,
                                        proposalId: bidder.proposalId,
                                        criterion: position,
                                        reason,
                                      });
                                      notify.success(t`Revisit asked: the evaluator is told`);
                                      setAsking(null);
                                      onChanged(next);
                                    }}
                                    onCancel={() => setAsking(null)}
                                    testId="revisit-form"
                                  />
                                )}
                              </Stack>
                            );
                          })}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell textAlign="end" data-testid="spread-range">
                        {cell ? t`${low}–${high}` : '—'}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        ))}
    </Stack>
  );
}
