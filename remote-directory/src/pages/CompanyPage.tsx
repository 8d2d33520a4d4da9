import {
  Alert,
  Button,
  CompanyStatusBadge,
  HStack,
  RouterLink as Link,
  loadSanitizer,
  Spinner,
  Stack,
  Text,
  useLoad,
  useParams,
  useSessionStore,
  VStack,
} from '@bawaba/shared';
import type { Company } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api.ts';
import { CompanyDetails } from './parts/CompanyDetails.tsx';

export function PageLoading() {
  const { t } = useLingui();
  return (
    <VStack py="16" data-testid="page-loading" role="status" aria-label={t`Loading`}>
      <Spinner size="xl" color="brand.solid" />
    </VStack>
  );
}

export function NotFound() {
  return (
    <Alert.Root status="warning" data-testid="company-not-found">
      <Alert.Indicator />
      <Alert.Title>
        <Trans>This company could not be found.</Trans>
      </Alert.Title>
    </Alert.Root>
  );
}

/** The owner's tools on their own company page: status and the edit entry. */
function OwnerPanel({ company }: { company: Company }) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="owner-panel">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium">
          <Trans>This is your company.</Trans>
        </Text>
        <CompanyStatusBadge status={company.status} size="lg" />
        <Button asChild size="sm" variant="outline">
          <Link to="/company-register">
            <Trans>Edit company</Trans>
          </Link>
        </Button>
      </HStack>
      {company.status === 'pending' && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>It is listed in the directory once an administrator approves it.</Trans>
        </Text>
      )}
      {company.status === 'rejected' && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>An administrator did not approve it. Edit its details and submit it again.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/**
 * /companies/{id} (`owner = false`): the public profile. /company-profile/{id} (`owner = true`): the company
 * page — the same profile, plus, when it is the signed-in user's own company (GET /companies/mine), its
 * approval status and an 'Edit company' entry to /company-register.
 */
export function CompanyPage({ owner }: { owner: boolean }) {
  const { id } = useParams();
  const language = useSessionStore((s) => s.language);
  const companyId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const company = useLoad(
    `company|${companyId}|${language}`,
    // The description's sanitizer (a chunk of its own) is fetched alongside the data, not after it, and the profile
    // waits for both: rendered with an empty description that filled in a beat later, it moved everything below
    // (CLS 0.093 on a phone). A sanitizer that cannot load leaves the description empty, as SafeHtml does.
    () =>
      Promise.all([api.company(companyId ?? 0), loadSanitizer().catch(() => null)]).then(([data]) => data),
    companyId !== null,
  );
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const signedIn = useSessionStore((s) => Boolean(s.token));
  // Admins own no company (the API forbids it), so they skip the call.
  const mine = useLoad(`mine|${language}`, api.myCompany, !isAdmin);
  // "Invite to tender" only for a caller the API says has a tender to invite to.
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const inviter = useLoad(`inviter|${userId}`, api.inviter, signedIn && !isAdmin);
  if (companyId === null) return <NotFound />;
  // The profile waits for what decides its buttons too: one appearing afterwards would move what is below it.
  const inviterPending = signedIn && !isAdmin && !inviter.data && !inviter.failed;
  if ((company.loading && !company.data) || (mine.loading && !mine.data && !isAdmin) || inviterPending)
    return <PageLoading />;
  if (!company.data) return <NotFound />;
  const isMine = mine.data?.id === company.data.id;
  return (
    <CompanyDetails
      company={company.data}
      requestable={!isMine}
      invitable={
        signedIn &&
        !isAdmin &&
        inviter.data?.canInvite === true &&
        inviter.data.companyId !== company.data.id &&
        !isMine &&
        !company.data.masked
      }
      aside={owner && isMine && mine.data ? <OwnerPanel company={mine.data} /> : null}
    />
  );
}
