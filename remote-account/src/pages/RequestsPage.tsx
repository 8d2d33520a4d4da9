import {
  Box,
  Card,
  formatDate,
  HStack,
  Input,
  Link,
  notify,
  Pager,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import { Tag, Wrap } from '@bawaba/shared/chakra-extra';
import type { PagedOf, ServiceRequest } from '@bawaba/shared/contracts';
import {
  DecisionButtons,
  Detail,
  Empty,
  LazyRejectDialog,
  LoadFailed,
  Loading,
  PageTitle,
  ReasonLine,
} from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { SEARCH_DELAY_MS, useSettled } from '../components/use-settled.ts';

const PAGE_SIZE = 5;

function RequestCard({
  request,
  side,
  onDecide,
}: {
  request: ServiceRequest;
  side: 'sent' | 'received';
  onDecide?: ((action: 'approve' | 'reject') => void) | undefined;
}) {
  const language = useSessionStore((s) => s.language);
  const companyLang = { ...textLangProps(request.company.nameLang), 'data-testid': 'request-company' };
  return (
    <Card.Root size="sm" data-testid="request-card" data-request-id={request.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Stack gap="0">
              <Text dir="auto" fontWeight="semibold" data-testid="request-title">
                {request.project_title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {side === 'sent' ? (
                  <Trans>
                    To <span {...companyLang}>{request.company.name}</span>
                  </Trans>
                ) : (
                  <Trans>
                    From <bdi>{request.name}</bdi> to <span {...companyLang}>{request.company.name}</span>
                  </Trans>
                )}
              </Text>
            </Stack>
            <StatusBadge status={request.status} />
          </HStack>
          <Text dir="auto" fontSize="sm" whiteSpace="pre-wrap">
            {request.description}
          </Text>
          {request.services.length ? (
            <Wrap gap="2">
              {request.services.map((s) => (
                <Tag.Root key={s.id} size="sm">
                  <Tag.Label>{s.name}</Tag.Label>
                </Tag.Root>
              ))}
            </Wrap>
          ) : null}
          <HStack gap="6" wrap="wrap" fontSize="sm">
            <Detail label={<Trans>Sent on</Trans>}>{formatDate(request.createdAt, language)}</Detail>
            {request.decidedAt ? (
              <Detail label={<Trans>Decided on</Trans>}>{formatDate(request.decidedAt, language)}</Detail>
            ) : null}
            {side === 'received' && request.email ? (
              <Detail label={<Trans>Email</Trans>}>
                <Link href={`mailto:${request.email}`} dir="ltr" data-testid="request-email">
                  {request.email}
                </Link>
              </Detail>
            ) : null}
            {side === 'received' && request.phone ? (
              <Detail label={<Trans>Phone</Trans>}>
                <Link href={`tel:${request.phone}`} dir="ltr">
                  {request.phone}
                </Link>
              </Detail>
            ) : null}
          </HStack>
          {request.status === 'rejected' && request.reason ? <ReasonLine reason={request.reason} /> : null}
          {onDecide && request.status === 'pending' ? (
            <HStack gap="3">
              <DecisionButtons size="sm" onDecide={onDecide} approveTestId="approve" />
            </HStack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The search box of the received list: what the user types, kept in the URL's `q` once typing pauses (so a
 * reload or a shared link shows the same search), and the settled words the list is loaded with.
 */
function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('q') ?? '';
  const [text, setText] = useState(inUrl);
  const settled = useSettled(text, SEARCH_DELAY_MS).trim();
  useEffect(() => {
    if (settled === inUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled]);
  return { text, setText, query: inUrl };
}

function RequestList({
  side,
  load,
  query = '',
}: {
  side: 'sent' | 'received';
  load: (page: number, limit: number, q?: string) => Promise<PagedOf<ServiceRequest>>;
  /** The search words (the received list); a new search starts again at page 1 (the list is keyed by it). */
  query?: string;
}) {
  const { t } = useLingui();
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const [page, setPage] = useState(1);
  const list = useLoad(`${side}:${query}:${page}`, () => load(page, PAGE_SIZE, query));

  const [rejecting, setRejecting] = useState<ServiceRequest | null>(null);

  const approve = async (id: number) => {
    try {
      await api.approveRequest(id);
      notify.success(t`Request approved`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };
  const reject = async (request: ServiceRequest, reason: string) => {
    await api.rejectRequest(request.id, { reason });
    notify.success(t`Request rejected`);
    list.reload();
  };

  if (list.loading && !list.data) return <Loading />;
  if (list.failed && !list.data) return <LoadFailed onRetry={list.reload} />;
  const data = list.data;
  if (query && data && data.items.length === 0) {
    return <Empty title={<Trans>No requests match this search</Trans>} />;
  }
  if (!data || data.items.length === 0) {
    return side === 'sent' ? (
      <Empty
        title={<Trans>You have not sent any requests yet</Trans>}
        description={<Trans>Find a provider in the directory and request their service.</Trans>}
      />
    ) : isAdmin ? (
      <Empty title={<Trans>No requests are waiting for approval</Trans>} />
    ) : (
      <Empty
        title={<Trans>No received requests yet</Trans>}
        description={
          <Trans>Requests to your company appear here, with the contact details, once approved.</Trans>
        }
      />
    );
  }
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted" data-testid="result-count">
        <Trans>Total: {data.totalItems}</Trans>
      </Text>
      {data.items.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          side={side}
          onDecide={
            isAdmin && side === 'received'
              ? (action) => (action === 'approve' ? void approve(request.id) : setRejecting(request))
              : undefined
          }
        />
      ))}
      {rejecting ? (
        <LazyRejectDialog
          title={
            <Trans>
              Reject the request <bdi>{rejecting.project_title}</bdi>?
            </Trans>
          }
          hint={<Trans>The requester sees this reason.</Trans>}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
      <Pager page={page} pageCount={data.pageCount} onChange={setPage} />
    </Stack>
  );
}

/** /account/sent-requests */
export function SentRequestsPage() {
  return (
    <Box data-testid="account-page-sent-requests">
      <PageTitle>
        <Trans>Sent Requests</Trans>
      </PageTitle>
      <RequestList side="sent" load={api.sentRequests} />
    </Box>
  );
}

/** /account/requests — admins: every pending request to approve or reject; owners: approved ones. */
export function ReceivedRequestsPage() {
  const { t } = useLingui();
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const search = useUrlSearch();
  return (
    <Box data-testid="account-page-requests">
      <PageTitle>
        <Trans>Received Requests</Trans>
      </PageTitle>
      <Text color="fg.muted" mb="4">
        {isAdmin ? (
          <Trans>Service requests waiting for your approval. Approved requests reach the company.</Trans>
        ) : (
          <Trans>Approved requests to your company, with the requester's contact details.</Trans>
        )}
      </Text>
      <Input
        mb="4"
        type="search"
        placeholder={t`Search by requester, company, service or message`}
        aria-label={t`Search requests`}
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
        dir="auto"
        data-testid="request-search"
      />
      <RequestList key={search.query} side="received" query={search.query} load={api.receivedRequests} />
    </Box>
  );
}
