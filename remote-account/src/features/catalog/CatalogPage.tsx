import { Alert, Box, Button, Card, Heading, notify, Stack, Text, useLoad } from '@bawaba/shared';
import type { AdminCatalog, AdminService, CatalogKind } from '@bawaba/shared/contracts';
import { LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api.ts';
import { CatalogEntryRow, type EntryChange, type MergeTarget } from './CatalogEntryRow.tsx';
import { type Refusal, refusalOf } from './catalog-refusal.ts';
import { NamesForm } from './NamesForm.tsx';

/**
 * /account/catalogue — the catalogue as platform administrators manage it: categories with their services, and
 * locations; retired entries stay listed, marked. Every change names the version this page read: a refusal
 * (a name already used, a stale version, …) is shown here in the server's words, a stale version with a reload.
 */
export default function CatalogPage() {
  const { t } = useLingui();
  const catalog = useLoad('admin-catalog', () => api.adminCatalog());
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  /** Runs a write; on success reloads the catalogue (versions, order, uses), on a refusal shows it. */
  const write = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run();
      setRefusal(null);
      notify.success(done);
      catalog.reload();
      return true;
    } catch (error) {
      setRefusal(await refusalOf(error));
      return false;
    }
  };
  const change = (kind: CatalogKind, id: number) => (body: EntryChange) =>
    write(() => api.updateCatalogEntry(kind, id, body), t`Saved`);
  const merge = (s: AdminService) => (into: MergeTarget) =>
    write(() => api.mergeService(s.id, { version: s.version, into: into.id }), t`Services merged`);

  const data: AdminCatalog | undefined = catalog.data;
  const offered: MergeTarget[] =
    data?.categories.flatMap((c) => (c.retired ? [] : c.services.filter((s) => !s.retired))) ?? [];

  return (
    <Box data-testid="account-page-catalogue">
      <PageTitle>
        <Trans>Catalogue</Trans>
      </PageTitle>
      <Text color="fg.muted" mb="4">
        <Trans>
          Categories, services and locations in both languages. A retired entry is no longer offered for new
          companies, tenders and follows, and stays on those that have it.
        </Trans>
      </Text>
      {refusal ? (
        <Alert.Root
          status={refusal.conflict ? 'warning' : 'error'}
          mb="4"
          role="alert"
          data-testid="catalog-refusal"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {refusal.conflict ? (
                <Trans>
                  This entry was changed by someone else. Reload to see their change, then try again.
                </Trans>
              ) : (
                (refusal.message ?? <Trans>The change could not be saved.</Trans>)
              )}
            </Alert.Description>
          </Alert.Content>
          {refusal.conflict ? (
            <Button
              size="sm"
              onClick={() => {
                setRefusal(null);
                catalog.reload();
              }}
              data-testid="catalog-reload"
            >
              <Trans>Reload</Trans>
            </Button>
          ) : null}
        </Alert.Root>
      ) : null}
      {catalog.loading && !data ? (
        <Loading />
      ) : catalog.failed && !data ? (
        <LoadFailed onRetry={catalog.reload} />
      ) : data ? (
        <Stack gap="8">
          <Stack gap="4" as="section" aria-labelledby="catalog-categories">
            <Heading size="md" id="catalog-categories">
              <Trans>Categories and services</Trans>
            </Heading>
            {data.categories.map((c, ci) => (
              <Card.Root key={c.id} size="sm" data-testid="catalog-category" data-category-id={c.id}>
                <Card.Body>
                  <Stack gap="3">
                    <CatalogEntryRow
                      kind="categories"
                      entry={c}
                      index={ci}
                      count={data.categories.length}
                      change={change('categories', c.id)}
                    />
                    <Stack gap="2" ps={{ base: '2', md: '6' }}>
                      {c.services.map((s, si) => (
                        <CatalogEntryRow
                          key={s.id}
                          kind="services"
                          entry={s}
                          index={si}
                          count={c.services.length}
                          change={change('services', s.id)}
                          mergeTargets={offered.filter((o) => o.id !== s.id)}
                          merge={merge(s)}
                        />
                      ))}
                      {c.retired ? null : (
                        <NamesForm
                          submitLabel={t`Add service`}
                          testId="catalog-new-service"
                          onSubmit={(names) =>
                            write(() => api.createService({ ...names, categoryId: c.id }), t`Service added`)
                          }
                        />
                      )}
                    </Stack>
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
            <Card.Root size="sm">
              <Card.Body>
                <NamesForm
                  submitLabel={t`Add category`}
                  testId="catalog-new-category"
                  onSubmit={(names) =>
                    write(() => api.createCatalogEntry('categories', names), t`Category added`)
                  }
                />
              </Card.Body>
            </Card.Root>
          </Stack>
          <Stack gap="3" as="section" aria-labelledby="catalog-locations">
            <Heading size="md" id="catalog-locations">
              <Trans>Locations</Trans>
            </Heading>
            {data.locations.map((l, li) => (
              <CatalogEntryRow
                key={l.id}
                kind="locations"
                entry={l}
                index={li}
                count={data.locations.length}
                change={change('locations', l.id)}
              />
            ))}
            <NamesForm
              submitLabel={t`Add location`}
              testId="catalog-new-location"
              onSubmit={(names) => write(() => api.createCatalogEntry('locations', names), t`Location added`)}
            />
          </Stack>
        </Stack>
      ) : null}
    </Box>
  );
}
