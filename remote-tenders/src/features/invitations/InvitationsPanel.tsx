import { formatDate, StatusBadge, Text, useLoad, useSessionStore } from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans } from '@lingui/react/macro';
import { ownerApi } from '../workspace/owner-api.ts';

/** The owner's tracking of the companies invited to this tender (GET /tenders/:id/invitations). */
export function InvitationsPanel({ tender }: { tender: Tender }) {
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`invitations:${tender.id}`, () => ownerApi.tenderInvitations(tender.id));
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
              <Table.Cell
                textAlign="start"
                fontWeight="medium"
                {...textLangProps(invitation.company.nameLang)}
                data-testid="invitation-company"
              >
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
