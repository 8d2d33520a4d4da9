import { Alert, Card, Heading, Stack, useLoad, useParams, useSessionStore } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { api } from '../api.ts';
import { NotFound, PageLoading } from './CompanyPage.tsx';
import { CompanyHeading } from './parts/CompanyDetails.tsx';
import { RequestServiceForm } from './parts/RequestServiceForm.tsx';

/** /request-service/{id}: the company's header (logo, name, location, website), then the request form. */
export function RequestServicePage() {
  const { id } = useParams();
  const language = useSessionStore((s) => s.language);
  const user = useSessionStore((s) => s.user);
  const companyId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const isAdmin = Boolean(user?.isAdmin);
  const mine = useLoad('mine', api.myCompany, !isAdmin);
  const company = useLoad(
    `company|${companyId}|${language}`,
    () => api.company(companyId ?? 0),
    companyId !== null,
  );
  if (companyId === null) return <NotFound />;
  if ((company.loading && !company.data) || (mine.loading && mine.data === undefined && !isAdmin))
    return <PageLoading />;
  if (!company.data) return <NotFound />;
  return (
    <Stack gap="6" maxW="4xl" data-testid="request-service">
      <CompanyHeading company={company.data} />
      {mine.data?.id === company.data.id ? (
        <Alert.Root status="info" data-testid="own-company">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>This is your company: you cannot request a service from it.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : (
        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="lg">
              <Trans>Request a service</Trans>
            </Heading>
          </Card.Header>
          <Card.Body>
            <RequestServiceForm
              key={company.data.id}
              company={company.data}
              user={user}
              send={(body, key) => api.sendRequest(body, key)}
            />
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
