import {
  Box,
  Button,
  HStack,
  Input,
  intlLocale,
  NativeSelect,
  Pager,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import {
  ADMIN_ACTIONS,
  type AdminAction,
  type AdminActionCode,
  AUDIT_TARGETS,
  type AuditTarget,
} from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../components/use-settled.ts';
import { ACTION_LABELS, labelOf, TARGET_LABELS } from './labels.ts';

const PAGE_SIZE = 20;

type Filters = { action: AdminActionCode | ''; targetType: AuditTarget | ''; from: string; to: string };
const NO_FILTERS: Filters = { action: '', targetType: '', from: '', to: '' };

/** /account/audit-log — every action a platform admin took: searched, filtered by action, record and dates, exported. */
export default function AuditLogPage() {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const q = useSettled(search, SEARCH_DELAY_MS).trim();
  const query = {
    q: q || undefined,
    action: filters.action || undefined,
    targetType: filters.targetType || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const list = useLoad(`audit:${JSON.stringify(query)}:${page}`, () =>
    api.audit({ ...query, page, limit: PAGE_SIZE }),
  );
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const when = (at: string) =>
    new Intl.DateTimeFormat(intlLocale(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Qatar',
    }).format(new Date(at));
  const actionWords = (r: AdminAction) => {
    const label = labelOf(ACTION_LABELS, r.action);
    return label ? i18n._(label) : r.action;
  };
  const targetWords = (type: string) => {
    const label = labelOf(TARGET_LABELS, type);
    return label ? i18n._(label) : type;
  };
  const download = async () => {
    setExporting(true);
    try {
      await api.downloadAudit(query);
    } catch {
      // Shown by the shell.
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.items ?? [];
  return (
    <Box data-testid="account-page-audit-log">
      <PageTitle
        actions={
          <Button
            variant="outline"
            onClick={() => void download()}
            loading={exporting}
            data-testid="audit-export"
          >
            <Trans>Export CSV</Trans>
          </Button>
        }
      >
        <Trans>Audit log</Trans>
      </PageTitle>
      <Stack gap="4">
        <HStack gap="3" wrap="wrap" align="end">
          <Input
            flex="1"
            minW="48"
            type="search"
            placeholder={t`Search by admin, record, reason`}
            aria-label={t`Search the audit log`}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="audit-search"
          />
          <NativeSelect.Root width="56">
            <NativeSelect.Field
              aria-label={t`Action`}
              value={filters.action}
              onChange={(e) => set({ action: e.currentTarget.value as AdminActionCode | '' })}
              data-testid="audit-action"
            >
              <option value="">{t`All actions`}</option>
              {ADMIN_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {i18n._(ACTION_LABELS[a])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root width="44">
            <NativeSelect.Field
              aria-label={t`Record`}
              value={filters.targetType}
              onChange={(e) => set({ targetType: e.currentTarget.value as AuditTarget | '' })}
              data-testid="audit-target"
            >
              <option value="">{t`All records`}</option>
              {AUDIT_TARGETS.map((k) => (
                <option key={k} value={k}>
                  {i18n._(TARGET_LABELS[k])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input
            width="40"
            type="date"
            aria-label={t`From`}
            value={filters.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
            data-testid="audit-from"
          />
          <Input
            width="40"
            type="date"
            aria-label={t`To`}
            value={filters.to}
            onChange={(e) => set({ to: e.currentTarget.value })}
            data-testid="audit-to"
          />
        </HStack>
        {list.loading && !list.data ? (
          <Loading />
        ) : list.failed && !list.data ? (
          <LoadFailed onRetry={list.reload} />
        ) : rows.length === 0 ? (
          <Empty title={<Trans>No admin actions match</Trans>} />
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              <Trans>Total: {list.data?.totalItems ?? 0}</Trans>
            </Text>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="audit-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>When</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Admin</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Action</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Record</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Reason</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((r) => (
                    <Table.Row key={r.id} data-testid="audit-row" data-action={r.action}>
                      <Table.Cell whiteSpace="nowrap">{when(r.at)}</Table.Cell>
                      <Table.Cell>
                        <bdi>{r.actor.name}</bdi>
                      </Table.Cell>
                      <Table.Cell>{actionWords(r)}</Table.Cell>
                      <Table.Cell>
                        <Text fontSize="xs" color="fg.muted">
                          {targetWords(r.target.type)}
                        </Text>
                        <Text dir="auto" textAlign="start">
                          {r.target.label}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Text dir="auto" textAlign="start" data-testid="audit-reason">
                          {r.reason ?? ''}
                        </Text>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Pager page={page} pageCount={list.data?.pageCount ?? 1} onChange={setPage} />
          </>
        )}
      </Stack>
    </Box>
  );
}
