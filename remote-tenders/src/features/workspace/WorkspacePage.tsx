import { Box, Button, Card, Pager, Stack, useLoad } from '@bawaba/shared';
import { Tabs } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TenderForm } from '../tender-form/TenderForm.tsx';
import { OwnerTenderCard } from './OwnerTenderCard.tsx';
import { ownerApi } from './owner-api.ts';
import { WORKSPACE_TABS } from './workspace-tabs.ts';

const PAGE_SIZE = 5;

/** The owner's tender workspace: the tabs of their tenders, each with its panels, and the tender form. */
export default function TenderWorkspace() {
  const { i18n } = useLingui();
  const [state, setState] = useState('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Tender | 'new' | null>(null);
  const tab = WORKSPACE_TABS.find((x) => x.value === state) ?? WORKSPACE_TABS[0]!;
  const list = useLoad(`tenders:${state}:${page}`, () =>
    ownerApi.myTenders({ page, limit: PAGE_SIZE, ...tab.query }),
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
          {WORKSPACE_TABS.map((s) => (
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
                <OwnerTenderCard
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
