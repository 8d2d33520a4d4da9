import {
  Badge,
  Box,
  Button,
  Card,
  CompanyStatusBadge,
  formatDate,
  formatMoney,
  HStack,
  Image,
  Input,
  NativeSelect,
  notify,
  Pager,
  RouterLink,
  Stack,
  StatusBadge,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Tabs } from '@bawaba/shared/chakra-extra';
import type { AdminCompany, CompanyStatus } from '@bawaba/shared/contracts';
import { DecisionButtons, Detail, Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../api.ts';
import { SEARCH_DELAY_MS, useSettled } from '../components/use-settled.ts';

const PAGE_SIZE = 8;

function CompaniesTab() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [status, setStatus] = useState<CompanyStatus | ''>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useSettled(search, SEARCH_DELAY_MS);
  // Searched and paged by the server (name, service in either language, location): never the whole list here.
  const list = useLoad(`companies:${status}:${query}:${page}`, () =>
    api.adminCompanies({ status, search: query, page, limit: PAGE_SIZE }),
  );

  const decide = async (company: AdminCompany, action: 'approve' | 'reject') => {
    try {
      await api.decideCompany(company.id, action);
      notify.success(action === 'approve' ? t`Company approved` : t`Company rejected`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };

  const found = list.data?.items ?? [];
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Input
          flex="1"
          minW="48"
          type="search"
          placeholder={t`Search by name, service or location`}
          aria-label={t`Search companies`}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="company-search"
        />
        <NativeSelect.Root width="48">
          <NativeSelect.Field
            aria-label={t`Status`}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as CompanyStatus | '');
              setPage(1);
            }}
            data-testid="company-status-filter"
          >
            <option value="">{t`All statuses`}</option>
            <option value="pending">{t`Pending`}</option>
            <option value="approved">{t`Approved`}</option>
            <option value="rejected">{t`Rejected`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {list.loading && !list.data ? (
        <Loading />
      ) : list.failed && !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : found.length === 0 ? (
        <Empty title={<Trans>No companies match</Trans>} />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Total: {list.data?.totalItems ?? 0}</Trans>
          </Text>
          {found.map((company) => (
            <Card.Root key={company.id} size="sm" data-testid="company-row" data-company-id={company.id}>
              <Card.Body>
                <HStack justify="space-between" gap="4" wrap="wrap">
                  <HStack gap="3">
                    {company.logo_url ? (
                      <Image src={company.logo_url} alt="" boxSize="10" objectFit="contain" />
                    ) : null}
                    <Stack gap="0">
                      <Text
                        fontWeight="semibold"
                        data-testid="company-name"
                        {...textLangProps(company.nameLang)}
                      >
                        {company.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {[company.location?.name, formatDate(company.createdAt, language)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                  </HStack>
                  <HStack gap="2" wrap="wrap">
                    <CompanyStatusBadge status={company.status} />
                    {/* The API's word: a company offering no service cannot be approved (it would be listed under
                        no category), so it is marked and Approve is not offered. */}
                    {company.complete ? null : (
                      <Badge colorPalette="orange" variant="subtle" data-testid="company-incomplete">
                        <Trans>Incomplete: no services</Trans>
                      </Badge>
                    )}
                    <Button asChild size="xs" variant="ghost">
                      <RouterLink to={`/companies/${company.id}`}>
                        <Trans>View</Trans>
                      </RouterLink>
                    </Button>
                    <DecisionButtons
                      onDecide={(d) => void decide(company, d)}
                      approveTestId="approve-company"
                      canApprove={company.canApprove}
                      canReject={company.canReject}
                    />
                  </HStack>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
          <Pager page={page} pageCount={list.data?.pageCount ?? 1} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function TenderApprovalsTab() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const title = useSettled(search, SEARCH_DELAY_MS).trim();
  const list = useLoad(`admin-tenders:${title}:${page}`, () =>
    api.adminTenders({ page, limit: PAGE_SIZE, approvalStatus: 'pending', ...(title ? { title } : {}) }),
  );
  const decide = async (id: number, action: 'approve' | 'reject') => {
    try {
      await api.decideTender(id, action);
      notify.success(action === 'approve' ? t`Tender approved` : t`Tender rejected`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };
  const searchBox = (
    <Input
      type="search"
      placeholder={t`Search by title`}
      aria-label={t`Search tenders`}
      value={search}
      onChange={(e) => {
        setSearch(e.currentTarget.value);
        setPage(1);
      }}
      data-testid="tender-approval-search"
    />
  );
  if (list.loading && !list.data) return <Loading />;
  if (list.failed && !list.data) return <LoadFailed onRetry={list.reload} />;
  if (!list.data || list.data.items.length === 0)
    return (
      <Stack gap="4">
        {searchBox}
        <Empty title={<Trans>No tenders are waiting for approval</Trans>} />
      </Stack>
    );
  return (
    <Stack gap="4">
      {searchBox}
      {list.data.items.map((tender) => (
        <Card.Root key={tender.id} size="sm" data-testid="pending-tender" data-tender-id={tender.id}>
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Stack gap="0">
                  <Text fontWeight="semibold" {...textLangProps(tender.titleLang)}>
                    {tender.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    <bdi>{tender.number}</bdi> · <Trans>by {tender.user.name}</Trans>
                  </Text>
                </Stack>
                <HStack gap="2">
                  <StatusBadge status={tender.approvalStatus.status} />
                  <StatusBadge status={tender.status} />
                </HStack>
              </HStack>
              <HStack gap="6" wrap="wrap">
                <Detail label={<Trans>Deadline</Trans>}>
                  {formatDate(tender.deadline, language) || '—'}
                </Detail>
                <Detail label={<Trans>Participation fee</Trans>}>
                  {formatMoney(tender.participationFee, language, tender.currency)}
                </Detail>
                <Detail label={<Trans>Bond</Trans>}>
                  {formatMoney(tender.bond, language, tender.currency)}
                </Detail>
              </HStack>
              {tender.description ? (
                <Text dir="auto" fontSize="sm" lineClamp={3}>
                  {tender.description}
                </Text>
              ) : null}
              <HStack gap="2">
                {/* Each decision as the API allows it (the tender's `can`). */}
                {tender.can.approve || tender.can.reject ? (
                  <DecisionButtons
                    onDecide={(d) => void decide(tender.id, d)}
                    approveTestId="approve-tender"
                    canApprove={tender.can.approve}
                    canReject={tender.can.reject}
                  />
                ) : null}
                <Button asChild size="xs" variant="ghost">
                  <RouterLink to={`/tender-profile/${tender.id}`}>
                    <Trans>View</Trans>
                  </RouterLink>
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
      <Pager page={page} pageCount={list.data.pageCount} onChange={setPage} />
    </Stack>
  );
}

/** /account/company-list — the admin's home: company approvals, and tender approvals as a second tab. */
export default function CompanyListPage() {
  return (
    <Box data-testid="account-page-company-list">
      <PageTitle>
        <Trans>Companies list</Trans>
      </PageTitle>
      <Tabs.Root defaultValue="companies" variant="line" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="companies" data-testid="tab-companies">
            <Trans>Companies</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="tenders" data-testid="tab-tenders">
            <Trans>Tender approvals</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="companies">
          <CompaniesTab />
        </Tabs.Content>
        <Tabs.Content value="tenders">
          <TenderApprovalsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
