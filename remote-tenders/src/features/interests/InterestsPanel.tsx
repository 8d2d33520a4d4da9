import {
  formatDate,
  HStack,
  Link,
  notify,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Interest, Tender } from '@bawaba/shared/contracts';
import {
  DecisionButtons,
  Empty,
  InvitedBadge,
  LazyRejectDialog,
  LoadFailed,
  Loading,
  ReasonLine,
} from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { bidderName } from '../../components/bidder-name.ts';
import { ownerApi } from '../workspace/owner-api.ts';

export function InterestsPanel({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`interests:${tender.id}`, () => ownerApi.interests(tender.id));
  const [rejecting, setRejecting] = useState<Interest | null>(null);
  const approve = async (interestId: number) => {
    try {
      await ownerApi.approveInterest(tender.id, interestId);
      notify.success(t`Interest approved`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };
  const reject = async (interest: Interest, reason: string) => {
    await ownerApi.rejectInterest(tender.id, interest.id, { reason });
    notify.success(t`Interest rejected`);
    list.reload();
  };
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  if (list.data.length === 0) return <Empty title={<Trans>No expressions of interest yet</Trans>} />;
  return (
    <Stack gap="2" data-testid="interests">
      {list.data.map((interest) => {
        const who = bidderName(interest.user);
        return (
          <Stack
            key={interest.id}
            gap="2"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="interest-row"
            data-interest-id={interest.id}
          >
            <HStack justify="space-between" wrap="wrap">
              <Stack gap="0">
                <Text fontWeight="medium" {...who.attrs} data-testid="interest-bidder">
                  {who.text}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <bdi>{interest.user.name}</bdi> ·{' '}
                  <Link href={`mailto:${interest.user.email}`} dir="ltr">
                    {interest.user.email}
                  </Link>{' '}
                  · {formatDate(interest.createdAt, language)}
                </Text>
              </Stack>
              <HStack gap="2">
                {interest.invited ? <InvitedBadge /> : null}
                <StatusBadge status={interest.status} />
                {/* A decided interest stays decided (the API refuses a second decision). */}
                {interest.status === 'pending' && tender.can.decideInterest ? (
                  <DecisionButtons
                    onDecide={(d) => (d === 'approve' ? void approve(interest.id) : setRejecting(interest))}
                    approveTestId="approve-interest"
                  />
                ) : null}
              </HStack>
            </HStack>
            {interest.status === 'rejected' && interest.reason ? (
              <ReasonLine reason={interest.reason} />
            ) : null}
          </Stack>
        );
      })}
      {rejecting ? (
        <LazyRejectDialog
          title={
            <Trans>
              Reject the interest of <bdi>{bidderName(rejecting.user).text}</bdi>?
            </Trans>
          }
          hint={<Trans>The bidder sees this reason.</Trans>}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Stack>
  );
}
