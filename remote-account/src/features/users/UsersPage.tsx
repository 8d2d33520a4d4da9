import { Box, Button, Card, HStack, Input, Pager, Stack, Text, useLoad } from '@bawaba/shared';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../components/use-settled.ts';
import { UserBadges } from './UserBadges.tsx';
import { UserDetail } from './UserDetail.tsx';

const PAGE_SIZE = 10;

/** /account/users — platform admins find people and manage their accounts (suspend, restore, verification mail). */
export default function UsersPage() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useSettled(search, SEARCH_DELAY_MS).trim();
  // Searched and paged by the server (name, email, company name).
  const list = useLoad(`admin-users:${q}:${page}`, () => api.users({ q, page, limit: PAGE_SIZE }));
  const people = list.data?.items ?? [];

  return (
    <Box data-testid="account-page-users">
      <PageTitle>
        <Trans>Users</Trans>
      </PageTitle>
      <Stack gap="4">
        <Input
          type="search"
          placeholder={t`Search by name, email or company`}
          aria-label={t`Search users`}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="user-search"
        />
        {list.loading && !list.data ? (
          <Loading />
        ) : list.failed && !list.data ? (
          <LoadFailed onRetry={list.reload} />
        ) : people.length === 0 ? (
          <Empty title={<Trans>No users match</Trans>} />
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              <Trans>Total: {list.data?.totalItems ?? 0}</Trans>
            </Text>
            {people.map((u) => (
              <Stack key={u.id} gap="2">
                <Card.Root size="sm" data-testid="user-row" data-email={u.email}>
                  <Card.Body>
                    <HStack justify="space-between" gap="4" wrap="wrap">
                      <Stack gap="0">
                        <Text fontWeight="semibold">
                          <bdi>{u.name}</bdi>
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          <bdi>{u.email}</bdi>
                        </Text>
                        {u.companies.length ? (
                          <Text fontSize="sm">
                            {u.companies.map((c, i) => (
                              <span key={c.id}>
                                {i ? ' · ' : null}
                                <span {...textLangProps(c.nameLang)}>{c.name}</span>
                              </span>
                            ))}
                          </Text>
                        ) : null}
                      </Stack>
                      <HStack gap="2" wrap="wrap">
                        <UserBadges user={u} />
                        <Button
                          size="xs"
                          variant="outline"
                          aria-expanded={open === u.id}
                          onClick={() => setOpen(open === u.id ? null : u.id)}
                          data-testid="open-user"
                        >
                          {open === u.id ? <Trans>Hide</Trans> : <Trans>Details</Trans>}
                        </Button>
                      </HStack>
                    </HStack>
                  </Card.Body>
                </Card.Root>
                {open === u.id ? <UserDetail id={u.id} onChanged={list.reload} /> : null}
              </Stack>
            ))}
            <Pager page={page} pageCount={list.data?.pageCount ?? 1} onChange={setPage} />
          </>
        )}
      </Stack>
    </Box>
  );
}
