import { Box, Stack, Text, useLoad } from '@bawaba/shared';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans } from '@lingui/react/macro';
import { api } from '../../api.ts';
import { CompanyAdminsOnly } from '../../components/CompanyAdminsOnly.tsx';
import { CredentialForm } from './CredentialForm.tsx';
import { CredentialRow } from './CredentialRow.tsx';

/**
 * /account/credentials — the active company's credentials (its administrators): each with its status and expiry,
 * and the form to upload one. Verified ones show as badges on the company's page until they expire.
 */
export default function CredentialsPage() {
  return (
    <Box data-testid="account-page-credentials">
      <PageTitle>
        <Trans>Credentials</Trans>
      </PageTitle>
      <Stack gap="5">
        <Text color="fg.muted">
          <Trans>
            Once verified by Bawaba, your credentials show as dated badges on your company's page until they
            expire; some tenders require them to bid. We remind you 60, 30 and 7 days before a credential
            expires.
          </Trans>
        </Text>
        <CompanyAdminsOnly refusal={<Trans>Only your company's administrators manage its credentials</Trans>}>
          {(companyId) => <Credentials companyId={companyId} />}
        </CompanyAdminsOnly>
      </Stack>
    </Box>
  );
}

function Credentials({ companyId }: { companyId: number }) {
  // The key names the company: a switch to another company's administrators asks again.
  const list = useLoad(`credentials:${companyId}`, api.credentials);
  return (
    <>
      {list.loading && !list.data ? (
        <Loading />
      ) : list.failed && !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : (list.data ?? []).length === 0 ? (
        <Empty title={<Trans>No credentials yet</Trans>} />
      ) : (
        <Stack gap="2" data-testid="credential-list">
          {list.data!.map((c) => (
            <CredentialRow key={c.id} credential={c} />
          ))}
        </Stack>
      )}
      <CredentialForm onUploaded={list.reload} />
    </>
  );
}
