import { Button, Card, Field, Heading, Input, NativeSelect, notify, Stack, Text } from '@bawaba/shared';
import type { MemberRole } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { RolePicker } from './RolePicker.tsx';

/** An administrator invites a colleague by email with roles; the mail's language when the address has no account. */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<MemberRole[]>(['viewer']);
  const [language, setLanguage] = useState<'en' | 'ar'>(i18n.locale === 'ar' ? 'ar' : 'en');
  const [sending, setSending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      await api.invite({ email, roles, language });
      notify.success(t`Invitation sent`, t`We mailed ${email} a link to join.`);
      setEmail('');
      onInvited();
    } catch {
      // The shell shows the server's reason (already a member, already invited, a wrong address).
    } finally {
      setSending(false);
    }
  };

  return (
    <Card.Root data-testid="invite-member">
      <Card.Body>
        <Heading as="h2" size="md" mb="3">
          <Trans>Invite a colleague</Trans>
        </Heading>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Invite a colleague`}>
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>
                <Trans>Email</Trans>
              </Field.Label>
              <Input
                type="email"
                dir="ltr"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data-testid="invite-email"
              />
            </Field.Root>
            <RolePicker label={t`Roles`} value={roles} onChange={setRoles} testId="invite-roles" />
            <Field.Root>
              <Field.Label>
                <Trans>Language of the mail</Trans>
              </Field.Label>
              <NativeSelect.Root size="sm" maxW="48">
                <NativeSelect.Field
                  value={language}
                  onChange={(e) => setLanguage(e.currentTarget.value === 'ar' ? 'ar' : 'en')}
                  data-testid="invite-language"
                >
                  <option value="en">English</option>
                  <option value="ar" lang="ar">
                    العربية
                  </option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                <Trans>A colleague who already has an account gets the mail in their own language.</Trans>
              </Field.HelperText>
            </Field.Root>
            <Text fontSize="sm" color="fg.muted">
              <Trans>The link is valid for 7 days.</Trans>
            </Text>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="start"
              loading={sending}
              disabled={!email.trim() || roles.length === 0}
              data-testid="invite-send"
            >
              <Trans>Send invitation</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
