import { Button, Link, type SignInView, Stack, Text } from '@bawaba/shared';
import { call, forgotPassword } from '@bawaba/shared/call';
import { ForgotPasswordBody } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LinkSent, ServerError, useAuthForm } from './auth-form.tsx';

/** The modal's forgot-password form (POST /auth/forgot-password): a link to set a new password is mailed. */
export function ForgotForm({ go }: { go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const { form, submit, serverError } = useAuthForm(
    ForgotPasswordBody,
    { email: '' },
    async (values) => {
      await call(forgotPassword, { body: values, context: { silent: true } });
      setSent(true);
    },
    t`The request failed. Please try again.`,
  );
  if (sent) {
    return (
      <LinkSent testId="forgot-done" go={go}>
        <Trans>If an account exists for this email, we sent it a link to set a new password.</Trans>
      </LinkSent>
    );
  }
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Forgot password`}>
      <Stack gap="4">
        <ServerError message={serverError} />
        <Text fontSize="sm" color="fg.muted">
          <Trans>Enter your email and we will send you a link to set a new password.</Trans>
        </Text>
        <TextField
          label={t`Email`}
          required
          type="email"
          autoComplete="email"
          error={errors.email}
          {...form.register('email')}
        />
        <Button type="submit" colorPalette="brand" loading={isSubmitting}>
          <Trans>Send the link</Trans>
        </Button>
        <Link as="button" fontSize="sm" colorPalette="brand" onClick={() => go('login')}>
          <Trans>Back to sign in</Trans>
        </Link>
      </Stack>
    </form>
  );
}
