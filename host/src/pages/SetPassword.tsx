import {
  Alert,
  Button,
  Card,
  Heading,
  notify,
  Stack,
  Text,
  useNavigate,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import { call, setPassword } from '@bawaba/shared/call';
import { SetPasswordForm } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adoptAccountDisplay } from '../shell/display-choice.ts';
import { landingAfterSetPassword } from './landing.ts';

/**
 * Set password (docs/product-spec.md §2, §4, §5): /set-password?verificationToken=… from the registration or
 * forgot-password mail. Saves, stores token and user, welcomes the user and sends them where they belong.
 */
export function SetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('verificationToken')?.trim() ?? '';
  const signIn = useSessionStore((s) => s.signIn);
  const [saving, setSaving] = useState(false);
  const form = useForm<SetPasswordForm>({
    resolver: valibotResolver(SetPasswordForm),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (!token) return;
    setSaving(true);
    try {
      const data = await call(setPassword, { body: { verificationToken: token, ...values } });
      signIn(data.accessToken, data.user);
      void adoptAccountDisplay(data.user.displayPrefs).catch(() => undefined);
      // The user's name is isolated (FSI … PDI) in the sentence: a Latin name ending in ")" stays whole in Arabic.
      const name = `\u2068${data.user.name}\u2069`;
      notify.success(t`Welcome to Bawaba, ${name}!`, t`Your password has been set.`);
      navigate(landingAfterSetPassword(data.user), { replace: true });
    } catch {
      // The shell shows the server's message (e.g. an expired link) in its error popup.
    } finally {
      setSaving(false);
    }
  });

  return (
    <Stack align="center" py={{ base: '4', md: '10' }} data-testid="host-page-set-password">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            <Trans>Set your password</Trans>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <Trans>Choose a password of at least 6 characters.</Trans>
          </Text>
        </Card.Header>
        <Card.Body>
          {token ? null : (
            <Alert.Root status="error" mb="4" role="alert" data-testid="missing-token">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Invalid or missing verification token.</Trans>
              </Alert.Title>
            </Alert.Root>
          )}
          <form onSubmit={submit} noValidate aria-label={t`Set your password`}>
            <Stack gap="4">
              <TextField
                label={t`New password`}
                type="password"
                autoComplete="new-password"
                error={errors.newPassword?.message}
                {...form.register('newPassword', {
                  onChange: () => {
                    if (form.formState.touchedFields.confirmPassword) void form.trigger('confirmPassword');
                  },
                })}
              />
              <TextField
                label={t`Confirm password`}
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
              <Button type="submit" colorPalette="brand" disabled={saving || !token}>
                {saving ? t`Saving...` : t`Save password`}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
