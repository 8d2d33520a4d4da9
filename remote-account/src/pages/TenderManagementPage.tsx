import {
  Box,
  Button,
  Card,
  confirmPopup,
  downloadFile,
  formatDate,
  formatMoney,
  HStack,
  Link,
  notify,
  Pager,
  RouterLink,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Separator, Table, Tabs } from '@bawaba/shared/chakra-extra';
import type { Interest, Tender } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../api.ts';
import { LazyRejectDialog } from '../components/LazyRejectDialog.tsx';
import { InvitedBadge, ReasonLine } from '../components/marks.tsx';
import { DecisionButtons, Detail, Empty, LoadFailed, Loading, PageTitle } from '../components/ui.tsx';
import { TENDER_TABS } from '../messages.ts';
import { ProposalVersionView } from './ProposalVersion.tsx';
import { DecisionPanel } from './TenderDecision.tsx';
import { TenderForm } from './TenderForm.tsx';
import { TenderStageBadges } from './TenderStage.tsx';

const PAGE_SIZE = 5;

export function InterestsPanel({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`interests:${tender.id}`, () => api.interests(tender.id));
  const [rejecting, setRejecting] = useState<Interest | null>(null);
  const approve = async (interestId: number) => {
    try {
      await api.approveInterest(tender.id, interestId);
      notify.success(t`Interest approved`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };
  const reject = async (interest: Interest, reason: string) => {
    await api.rejectInterest(tender.id, interest.id, { reason });
    notify.success(t`Interest rejected`);
    list.reload();
  };
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  if (list.data.length === 0) return <Empty title={<Trans>No expressions of interest yet</Trans>} />;
  return (
    <Stack gap="2" data-testid="interests">
      {list.data.map((interest) => {
        const who = interest.user.companyName ?? interest.user.name;
        return (
          <Stack
            key={interest.id}
            gap="2"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="interest-row"
            data-interest-id={interest.id}
          >
            <HStack justify="space-between" wrap="wrap">
              <Stack gap="0">
                <Text dir="auto" fontWeight="medium">
                  {who}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <bdi>{interest.user.name}</bdi> ·{' '}
                  <Link href={`mailto:${interest.user.email}`} dir="ltr">
                    {interest.user.email}
                  </Link>{' '}
                  · {formatDate(interest.createdAt, language)}
                </Text>
              </Stack>
              <HStack gap="2">
                {interest.invited ? <InvitedBadge /> : null}
                <StatusBadge status={interest.status} />
                {interest.status === 'pending' ? (
                  <DecisionButtons
                    onDecide={(d) => (d === 'approve' ? void approve(interest.id) : setRejecting(interest))}
                    approveTestId="approve-interest"
                  />
                ) : null}
              </HStack>
            </HStack>
            {interest.status === 'rejected' && interest.reason ? (
              <ReasonLine reason={interest.reason} />
            ) : null}
          </Stack>
        );
      })}
      {rejecting ? (
        <LazyRejectDialog
          title={
            <Trans>
              Reject the interest of <bdi>{rejecting.user.companyName ?? rejecting.user.name}</bdi>?
            </Trans>
          }
          hint={<Trans>The bidder sees this reason.</Trans>}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The owner's tracking of the companies invited to this tender (GET /tenders/:id/invitations). */
export function InvitationsPanel({ tender }: { tender: Tender }) {
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`invitations:${tender.id}`, () => api.tenderInvitations(tender.id));
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  if (list.data.length === 0)
    return (
      <Empty
        title={<Trans>No companies invited yet</Trans>}
        description={<Trans>Invite a company from its page in the directory.</Trans>}
      />
    );
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" data-testid="invitations">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Company</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Invited on</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Sent</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Opened</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Interest</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Bid</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.data.map((invitation) => (
            <Table.Row
              key={invitation.id}
              data-testid="invitation-row"
              data-company-id={invitation.company.id}
            >
              <Table.Cell dir="auto" textAlign="start" fontWeight="medium">
                {invitation.company.name}
              </Table.Cell>
              <Table.Cell>{formatDate(invitation.invitedAt, language)}</Table.Cell>
              <Table.Cell data-testid="invitation-sent">
                {invitation.sentAt ? (
                  formatDate(invitation.sentAt, language)
                ) : (
                  <Text as="span" color="fg.muted">
                    <Trans>Waiting for approval</Trans>
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell data-testid="invitation-opened">
                {invitation.openedAt ? formatDate(invitation.openedAt, language) : <Trans>Not yet</Trans>}
              </Table.Cell>
              <Table.Cell data-testid="invitation-interest">
                {invitation.interest ? <StatusBadge status={invitation.interest} /> : '—'}
              </Table.Cell>
              <Table.Cell data-testid="invitation-bid">
                {invitation.bid ? <Trans>Yes</Trans> : <Trans>No</Trans>}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ProposalsPanel({ tender }: { tender: Tender }) {
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`tender-proposals:${tender.id}`, () => api.tenderProposals(tender.id));
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <LoadFailed onRetry={list.reload} />;
  const count = list.data.length;
  // Sealed for the owner until the deadline (the API sends no content before it).
  const sealed = !tender.isPastDeadline || list.data.some((p) => p.sealed);
  return (
    <Stack gap="4" data-testid="tender-proposals">
      {sealed ? (
        <Text fontSize="sm" color="fg.muted" data-testid="proposals-sealed">
          <Trans>
            Proposals are sealed until the deadline ({formatDate(tender.deadline, language)}). Received so
            far: {count}.
          </Trans>
        </Text>
      ) : count === 0 ? (
        <Empty title={<Trans>No proposals were received</Trans>} />
      ) : (
        list.data.map((proposal) => (
          <Card.Root key={proposal.id} size="sm" variant="subtle" data-testid="received-proposal">
            <Card.Body>
              <HStack justify="space-between" wrap="wrap" mb="3">
                <Text fontWeight="semibold">{proposal.bidder.companyName ?? proposal.bidder.name}</Text>
                <HStack>
                  <StatusBadge status={proposal.status} />
                  <StatusBadge status={proposal.paymentStatus} />
                </HStack>
              </HStack>
              <Stack gap="5" separator={<Separator />}>
                {[...(proposal.versions ?? [])]
                  .sort((a, b) => b.version - a.version)
                  .map((version) => (
                    <ProposalVersionView key={version.version} version={version} />
                  ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))
      )}
    </Stack>
  );
}

function TenderCard({
  tender,
  onEdit,
  onChanged,
}: {
  tender: Tender;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [panel, setPanel] = useState<'interests' | 'invitations' | 'proposals' | 'decision' | null>(null);
  const approval = tender.approvalStatus.status;
  const published = tender.isPublished && approval !== 'draft';

  const publish = async () => {
    const ok = await confirmPopup({
      title: t`Publish this tender?`,
      text: t`An administrator reviews it before it is listed. You cannot edit it while it is pending.`,
      confirmLabel: t`Publish`,
      cancelLabel: t`Cancel`,
    });
    if (!ok) return;
    try {
      await api.publishTender(tender.id);
      notify.success(t`Tender sent for approval`);
      onChanged();
    } catch {
      // Shown by the shell.
    }
  };
  const close = async () => {
    const ok = await confirmPopup({
      title: t`Close this tender?`,
      text: t`Bidders will need an approved expression of interest to submit a proposal.`,
      confirmLabel: t`Close tender`,
      cancelLabel: t`Cancel`,
    });
    if (!ok) return;
    try {
      await api.closeTender(tender.id);
      notify.success(t`Tender closed`);
      onChanged();
    } catch {
      // Shown by the shell.
    }
  };

  return (
    <Card.Root size="sm" data-testid="tender-card" data-tender-id={tender.id} data-approval={approval}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
            <Stack gap="0">
              {approval === 'approved' ? (
                <Link asChild fontWeight="semibold" colorPalette="brand">
                  <RouterLink dir="auto" to={`/tender-profile/${tender.id}`}>
                    {tender.title}
                  </RouterLink>
                </Link>
              ) : (
                <Text dir="auto" fontWeight="semibold" data-testid="tender-card-title">
                  {tender.title}
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                {tender.number}
              </Text>
            </Stack>
            <TenderStageBadges tender={tender} />
          </HStack>
          <HStack gap="6" wrap="wrap">
            <Detail label={<Trans>Start</Trans>}>{formatDate(tender.start_date, language) || '—'}</Detail>
            <Detail label={<Trans>End</Trans>}>{formatDate(tender.end_date, language) || '—'}</Detail>
            <Detail label={<Trans>Published</Trans>}>
              {formatDate(tender.publish_date, language) || '—'}
            </Detail>
            <Detail label={<Trans>Deadline</Trans>}>{formatDate(tender.deadline, language) || '—'}</Detail>
            <Detail label={<Trans>Participation fee</Trans>}>
              {formatMoney(tender.participationFee, language, tender.currency)}
            </Detail>
            <Detail label={<Trans>Bond</Trans>}>{formatMoney(tender.bond, language, tender.currency)}</Detail>
          </HStack>
          {tender.services.length ? (
            <Text fontSize="sm" color="fg.muted">
              {tender.services.map((s) => s.name).join(' · ')}
            </Text>
          ) : null}
          {tender.documents.length ? (
            <HStack gap="2" wrap="wrap">
              {tender.documents.map((doc) => (
                <Button
                  dir="auto"
                  key={doc.id}
                  size="xs"
                  variant="outline"
                  onClick={() => void downloadFile(doc.id, doc.name).catch(() => undefined)}
                >
                  {doc.name}
                </Button>
              ))}
            </HStack>
          ) : null}
          {approval === 'rejected' ? (
            <Box>
              <Text fontSize="sm" color="red.fg">
                <Trans>An administrator rejected this tender. Edit it and publish it again.</Trans>
              </Text>
              {tender.approvalStatus.reason ? <ReasonLine reason={tender.approvalStatus.reason} /> : null}
            </Box>
          ) : null}
          <HStack gap="2" wrap="wrap">
            {/* The owner's actions are those the API says they may take now (`can`). */}
            {tender.can.edit ? (
              <Button size="sm" variant="outline" onClick={onEdit} data-testid="edit-tender">
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {tender.can.publish ? (
              <Button
                size="sm"
                colorPalette="brand"
                onClick={() => void publish()}
                data-testid="publish-tender"
              >
                <Trans>Publish</Trans>
              </Button>
            ) : null}
            {tender.can.close ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => void close()}>
                <Trans>Close tender</Trans>
              </Button>
            ) : null}
            {published && tender.status === 'closed' ? (
              // Interest is expressed in closed tenders only (docs/product-spec.md §1, §4).
              <Button
                size="sm"
                variant={panel === 'interests' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'interests' ? null : 'interests')}
                data-testid="show-interests"
                aria-expanded={panel === 'interests'}
              >
                <Trans>Interests</Trans>
              </Button>
            ) : null}
            {approval !== 'rejected' ? (
              // Companies are invited to drafts and published tenders; a draft's invitations wait for its approval.
              <Button
                size="sm"
                variant={panel === 'invitations' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'invitations' ? null : 'invitations')}
                data-testid="show-invitations"
                aria-expanded={panel === 'invitations'}
              >
                <Trans>Invitations</Trans>
              </Button>
            ) : null}
            {published ? (
              <Button
                size="sm"
                variant={panel === 'proposals' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'proposals' ? null : 'proposals')}
                data-testid="show-proposals"
                aria-expanded={panel === 'proposals'}
              >
                <Trans>Proposals</Trans>
              </Button>
            ) : null}
            {approval === 'approved' ? (
              <Button
                size="sm"
                variant={panel === 'decision' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'decision' ? null : 'decision')}
                data-testid="show-decision"
                aria-expanded={panel === 'decision'}
              >
                <Trans>Decision</Trans>
              </Button>
            ) : null}
          </HStack>
          {panel === 'interests' ? <InterestsPanel tender={tender} /> : null}
          {panel === 'invitations' ? <InvitationsPanel tender={tender} /> : null}
          {panel === 'decision' ? <DecisionPanel tender={tender} onChanged={onChanged} /> : null}
          {panel === 'proposals' ? <ProposalsPanel tender={tender} /> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /account/tender-management */
export default function TenderManagementPage() {
  const { i18n } = useLingui();
  const [state, setState] = useState('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Tender | 'new' | null>(null);
  const tab = TENDER_TABS.find((x) => x.value === state) ?? TENDER_TABS[0]!;
  const list = useLoad(`tenders:${state}:${page}`, () =>
    api.myTenders({ page, limit: PAGE_SIZE, ...tab.query }),
  );

  if (editing) {
    return (
      <Box data-testid="account-page-tender-management">
        <PageTitle>{editing === 'new' ? <Trans>New tender</Trans> : <Trans>Edit tender</Trans>}</PageTitle>
        <Card.Root>
          <Card.Body>
            <TenderForm
              tender={editing === 'new' ? null : editing}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                setState('all');
                setPage(1);
                list.reload();
              }}
            />
          </Card.Body>
        </Card.Root>
      </Box>
    );
  }

  return (
    <Box data-testid="account-page-tender-management">
      <PageTitle
        actions={
          <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="new-tender">
            <Trans>New tender</Trans>
          </Button>
        }
      >
        <Trans>Tender management</Trans>
      </PageTitle>
      <Tabs.Root
        value={state}
        onValueChange={(e) => {
          setState(e.value);
          setPage(1);
        }}
        variant="line"
        size="sm"
      >
        <Tabs.List flexWrap="wrap">
          {TENDER_TABS.map((s) => (
            <Tabs.Trigger key={s.value} value={s.value} data-testid={`tender-tab-${s.value}`}>
              {i18n._(s.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The list is the selected tab's panel (each tab's aria-controls names it). */}
        <Tabs.Content value={state} pt="4">
          {list.loading && !list.data ? (
            <Loading />
          ) : list.failed && !list.data ? (
            <LoadFailed onRetry={list.reload} />
          ) : !list.data || list.data.items.length === 0 ? (
            <Empty
              title={<Trans>No tenders here yet</Trans>}
              description={<Trans>Create a tender, then publish it for approval.</Trans>}
            />
          ) : (
            <Stack gap="4">
              {list.data.items.map((tender) => (
                <TenderCard
                  key={tender.id}
                  tender={tender}
                  onEdit={() => setEditing(tender)}
                  onChanged={list.reload}
                />
              ))}
              <Pager page={page} pageCount={list.data.pageCount} onChange={setPage} />
            </Stack>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
