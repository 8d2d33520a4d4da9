import {
  Alert,
  Button,
  Card,
  errorMessageOf,
  Heading,
  requestSignIn,
  Spinner,
  Stack,
  Text,
  useNavigate,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import { call, joinCompany, memberInvitation } from '@bawaba/shared/call';
import { type InvitationPreview, JoinCompanyForm } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; invitation: InvitationPreview };

/**
 * /accept-invitation?token=… from a company's invitation mail (docs/decisions/0011-organisations.md): says which
 * company invites and with which roles; a signed-in user with the invited address joins with one button, a visitor
 * whose address has an account signs in first, and a new person sets a name and password. Joining signs in with a
 * session that acts for the company, and opens the account.
 */
export function AcceptInvitationPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const signIn = useSessionStore((s) => s.signIn);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    if (!token) {
      setLoaded({ state: 'failed', message: t`Invalid or missing invitation link.` });
      return;
    }
    let live = true;
    call(memberInvitation, { body: { token }, context: { silent: true } })
      .then((invitation) => live && setLoaded({ state: 'ready', invitation }))
      .catch(async (error: unknown) => {
        const message = (await errorMessageOf(error)) ?? t`The invitation could not be loaded.`;
        if (live) setLoaded({ state: 'failed', message });
      });
    return () => {
      live = false;
    };
  }, [token, t]);

  const join = async (body: { name?: string; password?: string }) => {
    setJoining(true);
    try {
      const data = await call(joinCompany, { body: { token, ...body } });
      signIn(data.accessToken, data.user);
      navigate('/account/members', { replace: true });
    } catch {
      // The shell's error popup shows the server's reason (an expired or cancelled invitation).
    } finally {
      setJoining(false);
    }
  };

  return (
    <Stack align="center" py={{ base: '4', md: '10' }} data-testid="host-page-accept-invitation">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            <Trans>Join a company on Bawaba</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          {loaded.state === 'loading' ? <Spinner aria-label={t`Loading the invitation`} /> : null}
          {loaded.state === 'failed' ? (
            <Alert.Root status="error" role="alert" data-testid="invitation-error">
              <Alert.Indicator />
              <Alert.Title>{loaded.message}</Alert.Title>
            </Alert.Root>
          ) : null}
          {loaded.state === 'ready' ? (
            <Stack gap="4">
              <Text data-testid="invitation-summary">
                <Trans>
                  <bdi>{loaded.invitation.companyName}</bdi> invites <bdi>{loaded.invitation.email}</bdi> to
                  join as:{' '}
                  {loaded.invitation.roles.map((r) => (ROLE_LABELS[r] ? t(ROLE_LABELS[r]) : r)).join(t`, `)}.
                </Trans>
              </Text>
              {signedIn ? (
                user?.email === loaded.invitation.email ? (
                  <Button
                    colorPalette="brand"
                    disabled={joining}
                    onClick={() => void join({})}
                    data-testid="join-company"
                  >
                    <Trans>Join {loaded.invitation.companyName}</Trans>
                  </Button>
                ) : (
                  <Alert.Root status="warning" data-testid="invitation-other-email">
                    <Alert.Indicator />
                    <Alert.Title>
                      <Trans>
                        This invitation is for <bdi>{loaded.invitation.email}</bdi>: sign out, then sign in
                        with that address to accept it.
                      </Trans>
                    </Alert.Title>
                  </Alert.Root>
                )
              ) : loaded.invitation.hasAccount ? (
                <Button
                  colorPalette="brand"
                  onClick={() => void requestSignIn()}
                  data-testid="sign-in-to-join"
                >
                  <Trans>Sign in to accept</Trans>
                </Button>
              ) : (
                <NewPersonForm busy={joining} onJoin={(name, password) => join({ name, password })} />
              )}
            </Stack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** The name of each company role (what each may do: docs/decisions/0011-organisations.md). */
const ROLE_LABELS: Record<string, MessageDescriptor> = {
  admin: msg({ message: 'Administrator', context: 'company role' }),
  buyer: msg({ message: 'Buyer', context: 'company role' }),
  bidder: msg({ message: 'Bidder', context: 'company role' }),
  viewer: msg({ message: 'Viewer', context: 'company role' }),
};

/** A new person's name and password (the account is made for the invited address). */
function NewPersonForm({
  busy,
  onJoin,
}: {
  busy: boolean;
  onJoin: (name: string, password: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const form = useForm<JoinCompanyForm>({
    resolver: valibotResolver(JoinCompanyForm),
    mode: 'onTouched',
    defaultValues: { name: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onJoin(values.name, values.newPassword));
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create your account`}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          <Trans>Create your account: your name and a password of at least 6 characters.</Trans>
        </Text>
        <TextField
          label={t`Your name`}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" colorPalette="brand" disabled={busy} data-testid="create-and-join">
          {busy ? t`Saving...` : t`Create my account and join`}
        </Button>
      </Stack>
    </form>
  );
}
