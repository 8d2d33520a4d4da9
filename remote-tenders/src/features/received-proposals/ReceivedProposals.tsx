import { Card, formatDate, HStack, Stack, StatusBadge, Text, useLoad, useSessionStore } from '@bawaba/shared';
import { Separator } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading } from '@bawaba/shared/kit';
import { ProposalVersionView } from '@bawaba/shared/kit/proposal-version';
import { Trans } from '@lingui/react/macro';
import { bidderName } from '../../components/bidder-name.ts';
import { ownerApi } from '../workspace/owner-api.ts';

/** The proposals a tender received, every version, sealed until the deadline. */
export function ReceivedProposals({ tender }: { tender: Tender }) {
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`tender-proposals:${tender.id}`, () => ownerApi.tenderProposals(tender.id));
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  const count = list.data.length;
  // Sealed for the owner until the deadline (the API sends no content before it).
  const sealed = !tender.isPastDeadline || list.data.some((p) => p.sealed);
  return (
    <Stack gap="4" data-testid="tender-proposals">
      {sealed ? (
        <Text fontSize="sm" color="fg.muted" data-testid="proposals-sealed">
          <Trans>
            Proposals are sealed until the deadline ({formatDate(tender.deadline, language)}). Received so
            far: {count}.
          </Trans>
        </Text>
      ) : count === 0 ? (
        <Empty title={<Trans>No proposals were received</Trans>} />
      ) : (
        list.data.map((proposal) => {
          const bidder = bidderName(proposal.bidder);
          return (
            <Card.Root key={proposal.id} size="sm" variant="subtle" data-testid="received-proposal">
              <Card.Body>
                <HStack justify="space-between" wrap="wrap" mb="3">
                  <Text fontWeight="semibold" {...bidder.attrs} data-testid="received-proposal-bidder">
                    {bidder.text}
                  </Text>
                  <HStack>
                    <StatusBadge status={proposal.status} />
                    <StatusBadge status={proposal.paymentStatus} />
                  </HStack>
                </HStack>
                <Stack gap="5" separator={<Separator />}>
                  {[...(proposal.versions ?? [])]
                    .sort((a, b) => b.version - a.version)
                    .map((version) => (
                      <ProposalVersionView key={version.version} version={version} />
                    ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          );
        })
      )}
    </Stack>
  );
}
