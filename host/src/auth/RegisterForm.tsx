import { Button, Link, type SignInView, Stack, Text } from '@bawaba/shared';
import { call, register } from '@bawaba/shared/call';
import { RegisterBody } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LinkSent, ServerError, useAuthForm } from './auth-form.tsx';

/**
 * The modal's registration form (POST /auth/register): the account is made, and a link to set its password is
 * mailed.
 */
export function RegisterForm({ go }: { go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, submit, serverError } = useAuthForm(
    RegisterBody,
    { name: '', email: '' },
    async (values) => {
      // No company name here: a company is registered with its services once signed in
      // (docs/product-decisions.md "Companies").
      const body = { name: values.name, email: values.email };
      await call(register, { body, context: { silent: true } });
      setSentTo(values.email);
    },
    t`Registration failed. Please try again.`,
  );
  if (sentTo) {
    return (
      <LinkSent testId="register-done" go={go}>
        <Trans>We sent a link to {sentTo}. Open it to set your password and finish registering.</Trans>
      </LinkSent>
    );
  }
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create an account`}>
      <Stack gap="4">
        <ServerError message={serverError} />
        <TextField
          label={t`Full name`}
          required
          autoComplete="name"
          error={errors.name}
          {...form.register('name')}
        />
        <TextField
          label={t`Email`}
          required
          type="email"
          autoComplete="email"
          error={errors.email}
          {...form.register('email')}
        />
        <Text fontSize="sm" color="fg.muted">
          <Trans>We will email you a link to choose your password.</Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="register-company-hint">
          <Trans>Offering services? Once signed in, register your company with the services it offers.</Trans>
        </Text>
        <Button type="submit" colorPalette="brand" loading={isSubmitting}>
          <Trans>Create account</Trans>
        </Button>
        <Text fontSize="sm">
          <Trans>Already have an account?</Trans>{' '}
          <Link as="button" colorPalette="brand" fontWeight="semibold" onClick={() => go('login')}>
            <Trans>Sign in</Trans>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
