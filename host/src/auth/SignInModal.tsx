import {
  Alert,
  Button,
  errorMessageOf,
  Link,
  notify,
  Portal,
  type SignInView,
  Stack,
  sendData,
  Text,
  useSessionStore,
  useSignInStore,
} from '@bawaba/shared';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { ForgotPasswordBody, LoginBody, RegisterBody } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { focusableMain } from '../shell/SkipLink.tsx';

/**
 * A form of the modal: validated by its contract schema, sent by `send`; a refusal by the server (its
 * translated message, or `fallback` when there is none) is shown above the fields and keeps the values.
 */
function useAuthForm<S extends v.GenericSchema<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<v.InferInput<S>>,
  send: (values: v.InferOutput<S>) => Promise<void>,
  fallback: string,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    resolver: valibotResolver(schema),
    defaultValues,
  });
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send(values);
    } catch (error) {
      setServerError((await errorMessageOf(error)) ?? fallback);
    }
  });
  return { form, submit, serverError };
}

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** "Check your inbox" after a form that mails a link, with the way back to the login form. */
function LinkSent({
  testId,
  children,
  go,
}: {
  testId: string;
  children: ReactNode;
  go: (view: SignInView) => void;
}) {
  return (
    <Stack gap="4" data-testid={testId}>
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <Trans>Check your inbox</Trans>
          </Alert.Title>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button variant="outline" onClick={() => go('login')}>
        <Trans>Back to sign in</Trans>
      </Button>
    </Stack>
  );
}

function LoginForm({ onDone, go }: { onDone: () => void; go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const signIn = useSessionStore((s) => s.signIn);
  const { form, submit, serverError } = useAuthForm(
    LoginBody,
    { email: '', password: '' },
    async (values) => {
      const data = await sendData('post', 'auth/login', {
        json: values,
        context: { silent: true },
      });
      signIn(data.accessToken, data.user);
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

function RegisterForm({ go }: { go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, submit, serverError } = useAuthForm(
    RegisterBody,
    { name: '', email: '' },
    async (values) => {
      // No company name here: a company is registered with its services once signed in
      // (docs/product-decisions.md "Companies").
      const json = { name: values.name, email: values.email };
      await sendData('post', 'auth/register', { json, context: { silent: true } });
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

function ForgotForm({ go }: { go: (view: SignInView) => void }) {
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const { form, submit, serverError } = useAuthForm(
    ForgotPasswordBody,
    { email: '' },
    async (values) => {
      await sendData('post', 'auth/forgot-password', { json: values, context: { silent: true } });
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

/**
 * The login modal (docs/product-spec.md §2 Shell): one on the page, opened with `requestSignIn()` by the top bar, the route
 * guard or a remote; closes on a click on the mask; no footer and no close icon. Switches in place to the
 * registration and forgot-password forms. After a sign-in the session store holds token and user.
 */
export function SignInModal() {
  const { t } = useLingui();
  const open = useSignInStore((s) => s.open);
  const view = useSignInStore((s) => s.view);
  const setView = useSignInStore((s) => s.setView);
  const finish = useSignInStore((s) => s.finish);
  const signedIn = () => {
    const user = useSessionStore.getState().user;
    // The user's name is isolated (FSI … PDI) in the sentence: a Latin name ending in ")" stays whole in Arabic.
    const name = user?.name ? `\u2068${user.name}\u2069` : undefined;
    if (name) notify.success(t`Welcome, ${name}`);
    finish(true);
  };
  // Where the focus goes back on close: the element that opened the modal, or — when it is gone (the
  // Login button is replaced by the account link after a sign-in) — the account link, else the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  const returnFocus = () =>
    opener.current?.isConnected && opener.current !== document.body
      ? opener.current
      : (document.querySelector<HTMLElement>('[data-testid="profile-link"]') ?? focusableMain());
  const titles: Record<SignInView, string> = {
    login: t`Sign in to Bawaba`,
    register: t`Create an account`,
    forgot: t`Forgot password`,
  };
  return (
    <Dialog.Root
      open={open}
      placement="center"
      closeOnInteractOutside
      lazyMount
      unmountOnExit
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open) finish(Boolean(useSessionStore.getState().token));
      }}
    >
      <Portal>
        <Dialog.Backdrop data-testid="login-mask" />
        <Dialog.Positioner>
          <Dialog.Content data-testid="login-modal" maxW="md" mx="4">
            <Dialog.Header>
              <Dialog.Title>{titles[view]}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {view === 'login' ? <LoginForm onDone={signedIn} go={setView} /> : null}
              {view === 'register' ? <RegisterForm go={setView} /> : null}
              {view === 'forgot' ? <ForgotForm go={setView} /> : null}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
