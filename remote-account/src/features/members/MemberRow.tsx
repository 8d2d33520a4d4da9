import { Badge, Button, HStack, Stack, Text } from '@bawaba/shared';
import type { Member, MemberRole } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { RolePicker } from './RolePicker.tsx';
import { ROLE_LABELS } from './roles.ts';

/**
 * One member: name, address and roles; an administrator changes the roles or removes the member, and the caller's
 * own row offers to leave. What is offered follows the caller's roles the API reported.
 */
export function MemberRow({
  member,
  isAdmin,
  busy,
  onSaveRoles,
  onRemove,
  onLeave,
}: {
  member: Member;
  isAdmin: boolean;
  busy: boolean;
  onSaveRoles: (roles: MemberRole[]) => Promise<boolean>;
  onRemove: () => void;
  onLeave: () => void;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<MemberRole[] | null>(null);
  return (
    <Stack as="li" gap="2" borderBottomWidth="1px" pb="3" data-testid="member" data-email={member.email}>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="medium" dir="auto" textAlign="start">
            {member.name}
            {member.isYou ? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                <Trans>(you)</Trans>
              </Text>
            ) : null}
          </Text>
          <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
            {member.email}
          </Text>
        </Stack>
        <HStack gap="1" wrap="wrap" data-testid="member-roles">
          {member.roles.map((r) => (
            <Badge key={r} colorPalette={r === 'admin' ? 'purple' : 'gray'} data-role={r}>
              {t(ROLE_LABELS[r])}
            </Badge>
          ))}
        </HStack>
      </HStack>
      {editing ? (
        <Stack gap="3">
          <RolePicker
            label={t`Roles of ${member.name}`}
            value={editing}
            onChange={setEditing}
            testId="member-role-picker"
          />
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette="brand"
              loading={busy}
              disabled={editing.length === 0}
              onClick={async () => {
                if (await onSaveRoles(editing)) setEditing(null);
              }}
              data-testid="save-roles"
            >
              <Trans>Save roles</Trans>
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setEditing(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="2">
          {isAdmin ? (
            <Button
              size="xs"
              variant="outline"
              aria-label={t`Change roles of ${member.name}`}
              disabled={busy}
              onClick={() => setEditing([...member.roles])}
              data-testid="change-roles"
            >
              <Trans>Change roles</Trans>
            </Button>
          ) : null}
          {isAdmin && !member.isYou ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t`Remove ${member.name}`}
              disabled={busy}
              onClick={onRemove}
              data-testid="remove-member"
            >
              <Trans>Remove</Trans>
            </Button>
          ) : null}
          {member.isYou ? (
            <Button size="xs" variant="outline" disabled={busy} onClick={onLeave} data-testid="leave-company">
              <Trans>Leave the company</Trans>
            </Button>
          ) : null}
        </HStack>
      )}
    </Stack>
  );
}
