import { Box, Button, Card, Input, notify, Stack, Text, useSessionStore } from '@bawaba/shared';
import { ChangePasswordBody } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { PageTitle } from '@bawaba/shared/kit';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { api } from '../api.ts';

type Form = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Form = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current + new + confirm (docs/product-spec.md §5 password rules), POST /auth/change-password, keep the new token. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: valibotResolver(ChangePasswordBody),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const save = handleSubmit(async (form) => {
    try {
      const { accessToken, user } = await api.changePassword(form);
      // Every other session ended on the server; this tab keeps working with the new token.
      useSessionStore.getState().signIn(accessToken, { ...useSessionStore.getState().user, ...user });
      reset(EMPTY);
      notify.success(t`Password changed`, t`Your other sessions were signed out.`);
    } catch {
      // Wrong current password and other errors: the shell shows the server's message.
    }
  });

  return (
    <form onSubmit={save} noValidate data-testid="change-password-form">
      <Stack gap="4" maxW="md">
        <FormField label={<Trans>Current password</Trans>} error={errors.currentPassword?.message} required>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <FormField
          label={<Trans>New password</Trans>}
          error={errors.newPassword?.message}
          helper={<Trans>At least 6 characters.</Trans>}
          required
        >
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField
          label={<Trans>Confirm new password</Trans>}
          error={errors.confirmPassword?.message}
          required
        >
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Box>
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            data-testid="change-password-submit"
          >
            {isSubmitting ? t`Saving...` : t`Change password`}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** /account/security */
export default function SecurityPage() {
  return (
    <Box data-testid="account-page-security">
      <PageTitle>
        <Trans>Change Password</Trans>
      </PageTitle>
      <Card.Root>
        <Card.Body>
          <Text color="fg.muted" mb="5">
            <Trans>Changing your password signs you out everywhere else.</Trans>
          </Text>
          <ChangePasswordForm />
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
