import { Stack, Text } from '@bawaba/shared';
import { Checkbox } from '@bawaba/shared/chakra-extra';
import type { MemberRole } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { MEMBER_ROLES, ROLE_HINTS, ROLE_LABELS } from './roles.ts';

/** The roles of a member or an invitation, combinable: one checkbox each, with what the role may do. */
export function RolePicker({
  value,
  onChange,
  label,
  testId,
}: {
  value: readonly MemberRole[];
  onChange: (roles: MemberRole[]) => void;
  label: string;
  testId: string;
}) {
  const { t } = useLingui();
  const toggle = (role: MemberRole, on: boolean) =>
    onChange(MEMBER_ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <Stack as="fieldset" gap="2" data-testid={testId}>
      <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
        {label}
      </Text>
      {MEMBER_ROLES.map((role) => (
        <Checkbox.Root
          key={role}
          checked={value.includes(role)}
          onCheckedChange={(e) => toggle(role, e.checked === true)}
          data-testid={`role-${role}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {t(ROLE_LABELS[role])}{' '}
            <Text as="span" color="fg.muted" fontSize="xs">
              ({t(ROLE_HINTS[role])})
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
