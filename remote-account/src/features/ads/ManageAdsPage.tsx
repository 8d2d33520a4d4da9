import { Box, Button, Card, confirmPopup, Input, notify, Pager, Stack, Text, useLoad } from '@bawaba/shared';
import type { Ad } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../components/use-settled.ts';
import { AdEditor } from './AdEditor.tsx';
import { AdRow } from './AdRow.tsx';

/** Ads per page of the admin's list. */
const ADS_PAGE_SIZE = 10;

/** /account/manage-ads — the directory's advertisement card. */
export default function ManageAdsPage() {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Ad | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useSettled(search, SEARCH_DELAY_MS);
  // Searched and paged by the server.
  const list = useLoad(`ads:${query}:${page}`, () => api.ads({ search: query, page, limit: ADS_PAGE_SIZE }));

  const toggle = async (ad: Ad) => {
    try {
      await api.updateAd(ad.id, { active: !ad.active });
      notify.success(ad.active ? t`Ad deactivated` : t`Ad activated`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };
  const remove = async (ad: Ad) => {
    const ok = await confirmPopup({
      title: t`Delete this ad?`,
      text: ad.title,
      confirmLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!ok) return;
    try {
      await api.deleteAd(ad.id);
      notify.success(t`Ad deleted`);
      list.reload();
    } catch {
      // Shown by the shell.
    }
  };

  return (
    <Box data-testid="account-page-manage-ads">
      <PageTitle
        actions={
          editing ? null : (
            <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="new-ad">
              <Trans>New ad</Trans>
            </Button>
          )
        }
      >
        <Trans>Manage Ads</Trans>
      </PageTitle>
      <Text color="fg.muted" mb="4">
        <Trans>The directory page shows the newest active ad that is inside its schedule.</Trans>
      </Text>
      {editing ? (
        <Card.Root mb="6">
          <Card.Body>
            <AdEditor
              ad={editing === 'new' ? null : editing}
              onDone={() => {
                setEditing(null);
                list.reload();
              }}
            />
          </Card.Body>
        </Card.Root>
      ) : null}
      <Input
        mb="4"
        type="search"
        placeholder={t`Search by title or link`}
        aria-label={t`Search ads`}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-testid="ad-search"
      />
      {list.loading && !list.data ? (
        <Loading />
      ) : list.failed && !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : !list.data || list.data.items.length === 0 ? (
        <Empty
          title={<Trans>No ads yet</Trans>}
          description={<Trans>Create one for the directory page.</Trans>}
        />
      ) : (
        <Stack gap="4">
          {list.data.items.map((ad) => (
            <AdRow
              key={ad.id}
              ad={ad}
              onEdit={() => setEditing(ad)}
              onToggle={() => void toggle(ad)}
              onDelete={() => void remove(ad)}
            />
          ))}
          <Pager page={page} pageCount={list.data.pageCount} onChange={setPage} />
        </Stack>
      )}
    </Box>
  );
}
