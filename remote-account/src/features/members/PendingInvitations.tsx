import {
  Badge,
  Button,
  Card,
  formatDate,
  Heading,
  HStack,
  notify,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { PendingInvitation } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { ROLE_LABELS } from './roles.ts';

/** The company's pending invitations (an administrator's): resend (a new link) or cancel each. */
export function PendingInvitations({
  invitations,
  onChanged,
}: {
  invitations: PendingInvitation[];
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await run();
      notify.success(done);
      onChanged();
    } catch {
      // The shell shows the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card.Root data-testid="pending-invitations">
      <Card.Body>
        <Heading as="h2" size="md" mb="3" id="pending-invitations-heading">
          <Trans>Pending invitations</Trans>
        </Heading>
        {invitations.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="no-invitations">
            <Trans>No invitation is waiting for an answer.</Trans>
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" aria-labelledby="pending-invitations-heading">
            {invitations.map((inv) => (
              <Stack
                as="li"
                key={inv.id}
                gap="1"
                borderBottomWidth="1px"
                pb="3"
                data-testid="pending-invitation"
                data-email={inv.email}
              >
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <Text dir="ltr" fontWeight="medium">
                    {inv.email}
                  </Text>
                  <HStack gap="2">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t`Resend the invitation to ${inv.email}`}
                      disabled={busy !== null}
                      loading={busy === `resend:${inv.id}`}
                      onClick={() =>
                        void act(
                          `resend:${inv.id}`,
                          () => api.resendInvitation(inv.id),
                          t`Invitation sent again`,
                        )
                      }
                      data-testid="resend-invitation"
                    >
                      <Trans>Resend</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t`Cancel the invitation to ${inv.email}`}
                      disabled={busy !== null}
                      loading={busy === `cancel:${inv.id}`}
                      onClick={() =>
                        void act(
                          `cancel:${inv.id}`,
                          () => api.cancelInvitation(inv.id),
                          t`Invitation cancelled`,
                        )
                      }
                      data-testid="cancel-invitation"
                    >
                      <Trans>Cancel</Trans>
                    </Button>
                  </HStack>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {inv.roles.map((r) => t(ROLE_LABELS[r])).join(t`, `)} ·{' '}
                  {inv.isExpired ? (
                    <Badge colorPalette="orange" data-testid="invitation-expired">
                      <Trans>Expired on {formatDate(inv.expiresAt, language)}</Trans>
                    </Badge>
                  ) : (
                    <Trans>Valid until {formatDate(inv.expiresAt, language)}</Trans>
                  )}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
