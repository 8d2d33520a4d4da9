import { Button, Link, type SignInView, Stack, Text, useSessionStore } from '@bawaba/shared';
import { call, login } from '@bawaba/shared/call';
import { LoginBody } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import { adoptAccountDisplay } from '../shell/display-choice.ts';
import { ServerError, useAuthForm } from './auth-form.tsx';

/** The modal's sign-in form: email and password (POST /auth/login); a success signs in and calls `onDone`. */
export function LoginForm({ onDone, go }: { onDone: () => void; go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const signIn = useSessionStore((s) => s.signIn);
  const { form, submit, serverError } = useAuthForm(
    LoginBody,
    { email: '', password: '' },
    async (values) => {
      const data = await call(login, { body: values, context: { silent: true } });
      signIn(data.accessToken, data.user);
      void adoptAccountDisplay(data.user.displayPrefs).catch(() => undefined);
      onDone();
    },
    t`Sign-in failed. Please try again.`,
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Login`}>
      <Stack gap="4">
        <ServerError message={serverError} />
        <TextField
          label={t`Email`}
          required
          type="email"
          autoComplete="username"
          error={errors.email}
          {...form.register('email')}
        />
        <TextField
          label={t`Password`}
          required
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...form.register('password')}
        />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t`Signing in...`}>
          <Trans>Sign in</Trans>
        </Button>
        <Stack direction="row" justify="space-between" fontSize="sm" wrap="wrap">
          <Link as="button" colorPalette="brand" onClick={() => go('forgot')}>
            <Trans>Forgot password?</Trans>
          </Link>
          <Text>
            <Trans>No account yet?</Trans>{' '}
            <Link as="button" colorPalette="brand" fontWeight="semibold" onClick={() => go('register')}>
              <Trans>Create an account</Trans>
            </Link>
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
