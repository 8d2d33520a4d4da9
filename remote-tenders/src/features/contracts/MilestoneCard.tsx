import {
  Box,
  Button,
  Card,
  downloadFile,
  formatMoney,
  HStack,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { Contract, ContractMilestone as Milestone } from '@bawaba/shared/contracts';
import { ActedBy, Detail } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { MilestoneStatusBadge } from './ContractBits.tsx';

/**
 * One milestone of a contract: its due date, amount, state and payment; the deliverables submitted; the buyer's
 * last request for changes.
 */
export function MilestoneCard({
  contract,
  milestone,
  index,
}: {
  contract: Contract;
  milestone: Milestone;
  index: number;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const submission = milestone.submission;
  return (
    <Card.Root
      size="sm"
      data-testid="contract-milestone"
      data-milestone-id={milestone.id}
      data-status={milestone.status}
      data-paid={milestone.payment ? 'true' : 'false'}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Text fontWeight="semibold">
              {t`Milestone ${index + 1}`}: <bdi>{milestone.title}</bdi>
            </Text>
            <HStack gap="2">
              <MilestoneStatusBadge status={milestone.status} />
              {milestone.payment ? (
                <Text as="span" fontSize="sm" color="green.700" data-testid="milestone-paid">
                  <Trans>Paid</Trans>
                </Text>
              ) : null}
            </HStack>
          </HStack>
          <HStack gap="6" wrap="wrap">
            <Detail label={<Trans>Due date</Trans>}>
              <Text as="span" data-testid="milestone-due">
                <CalendarDate value={milestone.dueDate} />
              </Text>
            </Detail>
            <Detail label={<Trans>Amount</Trans>}>
              <Text as="span" data-testid="milestone-amount">
                {formatMoney(milestone.amount, language, contract.currency)}
              </Text>
            </Detail>
            {milestone.payment ? (
              <Detail label={<Trans>Paid on</Trans>}>
                <Text as="span" data-testid="milestone-payment">
                  <DeadlineAt value={milestone.payment.paidAt} /> · <Trans>Reference</Trans>{' '}
                  <bdi>{milestone.payment.reference}</bdi>
                </Text>
              </Detail>
            ) : null}
          </HStack>
          {submission ? (
            <Box data-testid="milestone-submission">
              <Text fontSize="sm" color="fg.muted">
                <Trans>
                  Submitted by <ActedBy actor={submission.by} /> on <DeadlineAt value={submission.at} />
                </Trans>
              </Text>
              <Text dir="auto" whiteSpace="pre-wrap">
                {submission.note}
              </Text>
              {submission.files.length > 0 ? (
                <HStack gap="2" wrap="wrap" mt="1">
                  {submission.files.map((file) => (
                    <Button
                      key={file.id}
                      size="xs"
                      variant="outline"
                      onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
                      data-testid="submission-file"
                    >
                      <bdi>{file.name}</bdi>
                    </Button>
                  ))}
                </HStack>
              ) : null}
            </Box>
          ) : null}
          {milestone.status === 'changesRequested' && milestone.changesReason ? (
            <Box data-testid="milestone-changes" borderStartWidth="3px" borderColor="orange.500" ps="3">
              <Text fontSize="sm" fontWeight="semibold">
                <Trans>Changes requested:</Trans>
              </Text>
              <Text dir="auto" whiteSpace="pre-wrap">
                {milestone.changesReason}
              </Text>
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
