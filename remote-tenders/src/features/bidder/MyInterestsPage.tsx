import {
  Box,
  Button,
  formatDate,
  Heading,
  HStack,
  Link,
  RouterLink,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Interest, Invitation } from '@bawaba/shared/contracts';
import { Empty, InvitedBadge, LoadFailed, Loading, PageTitle, ReasonLine } from '@bawaba/shared/kit';
import { UserText } from '@bawaba/shared/user-text';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans } from '@lingui/react/macro';
import { bidderApi } from './bidder-api.ts';

const tenderPath = (id: number) => `/tender-profile/${id}`;

/** A tender as a row names it: its title (a link to its page) and its number. */
function TenderName({ tender }: { tender: Interest['tender'] }) {
  return (
    <Stack gap="0">
      <Link asChild fontWeight="semibold" colorPalette="brand">
        <RouterLink {...textLangProps(tender.titleLang)} to={tenderPath(tender.id)} data-testid="tender-link">
          {tender.title}
        </RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
        {tender.number}
      </Text>
    </Stack>
  );
}

function InterestRow({ interest }: { interest: Interest }) {
  const language = useSessionStore((s) => s.language);
  return (
    <Stack
      as="li"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="my-interest"
      data-interest-id={interest.id}
      data-status={interest.status}
    >
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <TenderName tender={interest.tender} />
        <HStack gap="2">
          {interest.invited ? <InvitedBadge /> : null}
          <StatusBadge status={interest.status} testId="interest-status" />
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        <Trans>Expressed on {formatDate(interest.createdAt, language)}</Trans>
        {interest.decidedAt ? (
          <>
            {' · '}
            <Trans>Decided on {formatDate(interest.decidedAt, language)}</Trans>
          </>
        ) : null}
      </Text>
      {interest.status === 'rejected' && interest.reason ? <ReasonLine reason={interest.reason} /> : null}
    </Stack>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const language = useSessionStore((s) => s.language);
  return (
    <HStack
      as="li"
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="received-invitation"
      data-invitation-id={invitation.id}
    >
      <Stack gap="1">
        <TenderName tender={invitation.tender} />
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            <UserText lang={invitation.company.nameLang}>{invitation.company.name}</UserText> invited on{' '}
            {formatDate(invitation.sentAt ?? invitation.invitedAt, language)}
          </Trans>
        </Text>
      </Stack>
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to={tenderPath(invitation.tender.id)} data-testid="open-invitation">
          <Trans>Open tender</Trans>
        </RouterLink>
      </Button>
    </HStack>
  );
}

function Interests() {
  const list = useLoad('my-interests', bidderApi.myInterests);
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  if (list.data.length === 0)
    return (
      <Empty
        title={<Trans>You have not expressed interest in a tender yet</Trans>}
        description={
          <Trans>
            A closed tender takes proposals from approved interests only: express yours on its page.
          </Trans>
        }
      />
    );
  return (
    <Stack as="ul" listStyleType="none" gap="2" data-testid="my-interests">
      {list.data.map((interest) => (
        <InterestRow key={interest.id} interest={interest} />
      ))}
    </Stack>
  );
}

function Invitations() {
  const list = useLoad('received-invitations', bidderApi.receivedInvitations);
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  if (list.data.length === 0)
    return (
      <Empty
        title={<Trans>No invitations yet</Trans>}
        description={<Trans>When a tender's owner invites your company, the invitation appears here.</Trans>}
      />
    );
  return (
    <Stack as="ul" listStyleType="none" gap="2" data-testid="received-invitations">
      {list.data.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}

/** /account/my-interests — the caller's expressions of interest and the invitations to their companies. */
export default function MyInterestsPage() {
  return (
    <Box data-testid="account-page-my-interests">
      <PageTitle>
        <Trans>My interests</Trans>
      </PageTitle>
      <Stack gap="8">
        <Box as="section" aria-labelledby="my-interests-heading">
          <Heading as="h2" size="md" mb="3" id="my-interests-heading">
            <Trans>Interests in tenders</Trans>
          </Heading>
          <Interests />
        </Box>
        <Box as="section" aria-labelledby="invitations-heading">
          <Heading as="h2" size="md" mb="3" id="invitations-heading">
            <Trans>Invitations</Trans>
          </Heading>
          <Invitations />
        </Box>
      </Stack>
    </Box>
  );
}
