import { Box, HStack, NativeSelect, Stack, Text, useLoad } from '@bawaba/shared';
import { CREDENTIAL_STATUSES, type CredentialStatus } from '@bawaba/shared/contracts';
import { DecisionButtons, Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { CredentialRow, STATUS_LABELS } from './CredentialRow.tsx';

/**
 * /account/credential-verification — platform admins verify or reject the credentials companies uploaded (a
 * rejection says why; the company's administrators are told). Pending ones first; the other statuses to look back.
 */
export default function CredentialQueuePage() {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<CredentialStatus>('pending');
  const list = useLoad(`admin-credentials:${status}`, () => api.adminCredentials(status));
  const decide = async (id: number, decision: 'approve' | 'reject') => {
    try {
      await api.decideCredential(id, decision);
      list.reload();
    } catch {
      // The shell shows the server's reason; a closed reject dialog changes nothing.
    }
  };
  return (
    <Box data-testid="account-page-credential-verification">
      <PageTitle>
        <Trans>Credentials</Trans>
      </PageTitle>
      <Stack gap="4">
        <HStack gap="2">
          <NativeSelect.Root size="sm" maxW="xs">
            <NativeSelect.Field
              aria-label={t`Status`}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as CredentialStatus)}
              data-testid="credential-status-filter"
            >
              {CREDENTIAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {i18n._(STATUS_LABELS[s])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {list.loading && !list.data ? (
          <Loading />
        ) : list.failed && !list.data ? (
          <LoadFailed onRetry={list.reload} />
        ) : (list.data ?? []).length === 0 ? (
          <Empty title={<Trans>No credentials here</Trans>} />
        ) : (
          <Stack gap="2">
            {list.data!.map((c) => (
              <CredentialRow
                key={c.id}
                credential={c}
                heading={
                  <Text fontSize="sm" color="fg.muted" data-testid="credential-company">
                    <bdi>{c.company.name}</bdi>
                  </Text>
                }
                actions={
                  c.status === 'pending' ? (
                    <DecisionButtons
                      approveTestId="credential-verify"
                      onDecide={(d) => void decide(c.id, d)}
                    />
                  ) : null
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
