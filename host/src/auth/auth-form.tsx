import { Alert, Button, errorMessageOf, type SignInView, Stack } from '@bawaba/shared';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type * as v from 'valibot';

/**
 * A form of the modal: validated by its contract schema, sent by `send`; a refusal by the server (its
 * translated message, or `fallback` when there is none) is shown above the fields and keeps the values.
 */
export function useAuthForm<S extends v.GenericSchema<FieldValues, FieldValues>>(
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

export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** "Check your inbox" after a form that mails a link, with the way back to the login form. */
export function LinkSent({
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
