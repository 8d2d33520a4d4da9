import {
  Card,
  confirmPopup,
  Heading,
  Link,
  notify,
  RouterLink,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Member, MemberRole } from '@bawaba/shared/contracts';
import { LoadFailed, Loading } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { DecisionSettingsCard } from './DecisionSettingsCard.tsx';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';

/**
 * Account → Company members (/account/members): the active company's members and their roles; its administrators
 * also invite, change roles, remove and see the pending invitations (docs/decisions/0011-organisations.md). What it
 * offers follows the roles the API reports for the caller; the API decides every action.
 */
export default function MembersPage() {
  const { t } = useLingui();
  const user = useSessionStore((s) => s.user);
  const signIn = useSessionStore((s) => s.signIn);
  const inCompany = user?.activeCompanyId != null;
  const list = useLoad('members', api.members, inCompany);
  const isAdmin = list.data?.yourRoles.includes('admin') ?? false;
  const invitations = useLoad('member-invitations', api.memberInvitations, isAdmin);
  const [busy, setBusy] = useState<number | null>(null);
  const company = user?.companies?.find((c) => c.id === user.activeCompanyId);

  const run = async (member: Member, action: () => Promise<unknown>, done: string) => {
    setBusy(member.userId);
    try {
      await action();
      notify.success(done);
      list.reload();
      return true;
    } catch {
      // The shell shows the server's reason (the last administrator, a member already gone).
      return false;
    } finally {
      setBusy(null);
    }
  };
  const saveRoles = (member: Member, roles: MemberRole[]) =>
    run(member, () => api.changeMemberRoles(member.userId, roles), t`Roles of ${member.name} saved`);
  const remove = async (member: Member) => {
    const sure = await confirmPopup({
      title: t`Remove ${member.name}?`,
      text: t`They lose access to the company at once; what they did stays in its history.`,
      confirmLabel: t`Remove`,
      cancelLabel: t`Cancel`,
    });
    if (sure) await run(member, () => api.removeMember(member.userId), t`${member.name} was removed`);
  };
  const leave = async (member: Member) => {
    const sure = await confirmPopup({
      title: t`Leave the company?`,
      text: t`You lose access to the company's records until someone invites you again.`,
      confirmLabel: t`Leave`,
      cancelLabel: t`Cancel`,
    });
    if (!sure) return;
    await run(
      member,
      async () => {
        const data = await api.leaveCompany();
        signIn(data.accessToken, data.user);
        // Every open page belonged to the company left: start the account again.
        window.location.assign('/account');
      },
      t`You left the company`,
    );
  };

  return (
    <Stack gap="5" data-testid="account-page-members">
      <Heading as="h1" size="lg">
        {company ? (
          <Trans>
            Members of <bdi>{company.name}</bdi>
          </Trans>
        ) : (
          <Trans>Company members</Trans>
        )}
      </Heading>
      {!inCompany ? (
        <Card.Root>
          <Card.Body>
            <Text data-testid="no-company">
              <Trans>
                You are not acting for a company. Register yours in the{' '}
                <Link asChild colorPalette="brand" textDecoration="underline">
                  <RouterLink to="/company-register">company registration</RouterLink>
                </Link>
                , or ask a company's administrator to invite you.
              </Trans>
            </Text>
          </Card.Body>
        </Card.Root>
      ) : list.loading && !list.data ? (
        <Loading />
      ) : !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : (
        <>
          <Card.Root>
            <Card.Body>
              <Stack as="ul" listStyleType="none" gap="3" aria-label={t`Members`} data-testid="member-list">
                {list.data.members.map((member) => (
                  <MemberRow
                    key={member.userId}
                    member={member}
                    isAdmin={isAdmin}
                    busy={busy === member.userId}
                    onSaveRoles={(roles) => saveRoles(member, roles)}
                    onRemove={() => void remove(member)}
                    onLeave={() => void leave(member)}
                  />
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <DecisionSettingsCard isAdmin={isAdmin} />
          {isAdmin ? (
            <>
              <InviteForm onInvited={invitations.reload} />
              {invitations.data ? (
                <PendingInvitations invitations={invitations.data} onChanged={invitations.reload} />
              ) : invitations.loading ? (
                <Loading />
              ) : (
                <LoadFailed onRetry={invitations.reload} />
              )}
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
