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
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { RestoreUserBody, SuspendUserBody } from '@bawaba/shared/contracts';
import { LazyReasonDialog, LoadFailed, Loading } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { ROLE_LABELS } from '../members/roles.ts';
import { UserBadges } from './UserBadges.tsx';

/** One person for an admin: companies and roles, suspension, and the actions the API says the admin may take. */
export function UserDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const person = useLoad(`admin-user:${id}`, () => api.user(id));
  const [asking, setAsking] = useState<'suspend' | 'restore' | null>(null);
  const [sending, setSending] = useState(false);

  if (person.loading && !person.data) return <Loading />;
  if (!person.data) return <LoadFailed onRetry={person.reload} />;
  const u = person.data;
  const changed = () => {
    person.reload();
    onChanged();
  };
  const resend = async () => {
    setSending(true);
    try {
      await api.resendVerification(u.id);
      notify.success(t`Verification mail sent`);
      changed();
    } catch {
      // Shown by the shell.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card.Root data-testid="user-detail" data-user-id={u.id}>
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading size="md">
              <bdi>{u.name}</bdi>
            </Heading>
            <Text color="fg.muted">
              <bdi>{u.email}</bdi>
            </Text>
            <UserBadges user={u} />
            <Text fontSize="sm" color="fg.muted">
              {u.lastSignInAt ? (
                <Trans>Last sign-in: {formatDate(u.lastSignInAt, language)}</Trans>
              ) : (
                <Trans>Never signed in</Trans>
              )}
            </Text>
          </Stack>
          {u.suspension ? (
            <Stack gap="0" data-testid="user-suspension">
              <Text fontWeight="semibold">
                <Trans>Suspended on {formatDate(u.suspension.at, language)}</Trans>
              </Text>
              <Text dir="auto" textAlign="start">
                {u.suspension.reason}
              </Text>
            </Stack>
          ) : null}
          <Stack gap="2">
            <Heading size="sm">
              <Trans>Companies</Trans>
            </Heading>
            {u.companies.length === 0 ? (
              <Text color="fg.muted">
                <Trans>No company</Trans>
              </Text>
            ) : (
              u.companies.map((c) => (
                <HStack key={c.id} gap="2" wrap="wrap" data-testid="user-company">
                  <Text fontWeight="medium" {...textLangProps(c.nameLang)}>
                    {c.name}
                  </Text>
                  {c.roles.map((r) => (
                    <Badge key={r} variant="subtle">
                      {i18n._(ROLE_LABELS[r])}
                    </Badge>
                  ))}
                </HStack>
              ))
            )}
          </Stack>
          <HStack gap="2" wrap="wrap">
            {u.can.suspend ? (
              <Button
                colorPalette="red"
                size="sm"
                onClick={() => setAsking('suspend')}
                data-testid="suspend-user"
              >
                <Trans>Suspend</Trans>
              </Button>
            ) : null}
            {u.can.restore ? (
              <Button
                colorPalette="brand"
                size="sm"
                onClick={() => setAsking('restore')}
                data-testid="restore-user"
              >
                <Trans>Restore</Trans>
              </Button>
            ) : null}
            {u.can.resendVerification ? (
              <Button
                variant="outline"
                size="sm"
                loading={sending}
                onClick={() => void resend()}
                data-testid="resend-verification"
              >
                <Trans>Resend verification mail</Trans>
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
      {asking ? (
        <LazyReasonDialog
          required={asking === 'suspend'}
          body={asking === 'suspend' ? SuspendUserBody : RestoreUserBody}
          label={asking === 'suspend' ? <Trans>Reason (required)</Trans> : <Trans>Reason (optional)</Trans>}
          confirmPalette={asking === 'suspend' ? 'red' : 'brand'}
          testIdPrefix="admin"
          title={
            asking === 'suspend' ? (
              <Trans>
                Suspend <bdi>{u.name}</bdi>?
              </Trans>
            ) : (
              <Trans>
                Restore <bdi>{u.name}</bdi>?
              </Trans>
            )
          }
          hint={
            asking === 'suspend' ? (
              <Trans>
                Every session of this person ends at once and signing in is refused until restored.
              </Trans>
            ) : (
              <Trans>This person can sign in again with their password.</Trans>
            )
          }
          confirmLabel={asking === 'suspend' ? <Trans>Suspend</Trans> : <Trans>Restore</Trans>}
          onConfirm={async (reason) => {
            if (asking === 'suspend') await api.suspendUser(u.id, reason);
            else await api.restoreUser(u.id, reason);
            notify.success(asking === 'suspend' ? t`User suspended` : t`User restored`);
            changed();
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Card.Root>
  );
}
