import {
  Badge,
  Box,
  Button,
  Card,
  formatDate,
  formatMoney,
  HStack,
  Link,
  Pager,
  pageCount,
  pageSlice,
  RouterLink,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Collapsible, Separator } from '@bawaba/shared/chakra-extra';
import type { Proposal } from '@bawaba/shared/contracts';
import { Detail, Empty, LoadFailed, Loading, PageTitle, SealedPrice } from '@bawaba/shared/kit';
import { ProposalVersionView } from '@bawaba/shared/kit/proposal-version';
import { actionKey } from '@bawaba/shared/rules';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { bidderApi } from './bidder-api.ts';

const PAGE_SIZE = 5;

const OUTCOME_LABELS: Record<NonNullable<Proposal['outcome']>, MessageDescriptor> = {
  awarded: msg`Won`,
  unsuccessful: msg`Not selected`,
  no_award: msg`Closed without award`,
  cancelled: msg`Tender cancelled`,
};
const OUTCOME_PALETTE: Record<NonNullable<Proposal['outcome']>, string> = {
  awarded: 'green',
  unsuccessful: 'gray',
  no_award: 'gray',
  cancelled: 'red',
};

function VersionHistory({ id }: { id: number }) {
  const detail = useLoad(`proposal:${id}`, () => bidderApi.proposal(id));
  if (detail.loading && !detail.data) return <Loading />;
  if (!detail.data) return <LoadFailed onRetry={detail.reload} />;
  const versions = [...(detail.data.versions ?? [])].sort((a, b) => b.version - a.version);
  return (
    <Stack gap="5" separator={<Separator />} data-testid="version-history">
      {versions.map((version) => (
        <ProposalVersionView key={version.version} version={version} />
      ))}
    </Stack>
  );
}

function ProposalCard({ proposal }: { proposal: Proposal }) {
  const { i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [paying, setPaying] = useState(false);
  // One Idempotency-Key per payment start: a retry after an error starts (at most) one checkout.
  const [payKey] = useState(actionKey);
  const current = proposal.current;
  const pay = async () => {
    setPaying(true);
    try {
      const { payUrl } = await bidderApi.payProposal(proposal.id, payKey.for(proposal.id));
      payKey.done();
      window.location.assign(payUrl);
    } catch {
      setPaying(false);
    }
  };
  return (
    <Card.Root size="sm" data-testid="proposal-card" data-proposal-id={proposal.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Stack gap="0">
              <Link asChild fontWeight="semibold" colorPalette="brand">
                <RouterLink
                  {...textLangProps(proposal.tender.titleLang)}
                  to={`/tender-profile/${proposal.tender.id}`}
                  data-testid="proposal-tender"
                >
                  {proposal.tender.title}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                {proposal.tender.number}
              </Text>
            </Stack>
            <HStack gap="2">
              {proposal.outcome ? (
                <Badge
                  colorPalette={OUTCOME_PALETTE[proposal.outcome]}
                  variant="subtle"
                  data-testid="proposal-outcome"
                  data-outcome={proposal.outcome}
                >
                  {i18n._(OUTCOME_LABELS[proposal.outcome])}
                </Badge>
              ) : null}
              <StatusBadge status={proposal.status} />
              <StatusBadge status={proposal.paymentStatus} />
            </HStack>
          </HStack>
          <HStack gap="6" wrap="wrap">
            {current ? (
              <Detail label={<Trans>Offer price</Trans>}>
                {current.offer_price === null || current.currency === null ? (
                  <SealedPrice />
                ) : (
                  formatMoney(current.offer_price, language, current.currency)
                )}
              </Detail>
            ) : null}
            <Detail label={<Trans>Version</Trans>}>{proposal.currentVersion}</Detail>
            <Detail label={<Trans>Last submitted</Trans>}>{formatDate(proposal.updatedAt, language)}</Detail>
            <Detail label={<Trans>Tender deadline</Trans>}>
              {proposal.tender.deadline ? formatDate(proposal.tender.deadline, language) : '—'}
            </Detail>
            {proposal.amountDue > 0 ? (
              <Detail label={<Trans>Fee and bond</Trans>}>
                {formatMoney(proposal.amountDue, language, proposal.tender.currency)}
              </Detail>
            ) : null}
          </HStack>
          <HStack gap="3" wrap="wrap">
            {/* The server says when the fee and bond can be paid (never once the tender ended or its deadline passed). */}
            {proposal.canPay ? (
              <Button
                size="sm"
                colorPalette="brand"
                loading={paying}
                onClick={() => void pay()}
                data-testid="pay-now"
              >
                <Trans>Pay now</Trans>
              </Button>
            ) : null}
            {proposal.canResubmit ? (
              <Button asChild size="sm" variant="outline">
                <RouterLink to={`/resubmit-proposal/${proposal.id}`} data-testid="resubmit-link">
                  <Trans>Resubmit</Trans>
                </RouterLink>
              </Button>
            ) : proposal.outcome ? null : (
              <Text fontSize="sm" color="fg.muted">
                <Trans>The deadline has passed: this proposal can no longer be changed.</Trans>
              </Text>
            )}
          </HStack>
          <Collapsible.Root lazyMount>
            <Collapsible.Trigger asChild>
              <Button size="sm" variant="ghost" alignSelf="flex-start" data-testid="toggle-history">
                <Trans>Version history</Trans>
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Box borderTopWidth="1px" pt="4" mt="2">
                <VersionHistory id={proposal.id} />
              </Box>
            </Collapsible.Content>
          </Collapsible.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /account/submitted-proposals */
export default function ProposalsPage() {
  const [page, setPage] = useState(1);
  const list = useLoad('proposals', bidderApi.myProposals);
  const items = list.data ?? [];
  return (
    <Box data-testid="account-page-submitted-proposals">
      <PageTitle>
        <Trans>Proposals</Trans>
      </PageTitle>
      {list.loading && !list.data ? (
        <Loading />
      ) : list.failed && !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : items.length === 0 ? (
        <Empty
          title={<Trans>You have not submitted any proposals yet</Trans>}
          description={<Trans>Browse the open tenders and submit your first proposal.</Trans>}
        />
      ) : (
        <Stack gap="4">
          {pageSlice(items, page, PAGE_SIZE).map((proposal) => (
            <ProposalCard key={proposal.id} proposal={proposal} />
          ))}
          <Pager page={page} pageCount={pageCount(items.length, PAGE_SIZE)} onChange={setPage} />
        </Stack>
      )}
    </Box>
  );
}
