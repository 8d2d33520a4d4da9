import { Badge, Box, Button, confirmPopup, HStack, NativeSelect, Stack, Text } from '@bawaba/shared';
import type { AdminCategory, AdminLocation, AdminService, CatalogKind } from '@bawaba/shared/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type Names, NamesForm } from './NamesForm.tsx';

type Entry = AdminCategory | AdminService | AdminLocation;
export type EntryChange = {
  version: number;
  nameEn?: string;
  nameAr?: string;
  position?: number;
  retired?: boolean;
};
/** A service another may be merged into: offered now. */
export type MergeTarget = { id: number; nameEn: string; nameAr: string };

/** The records that use an entry, in words. */
function useUses(kind: CatalogKind, entry: Entry) {
  const { t } = useLingui();
  const u = entry.uses as { companies?: number; tenders?: number; follows?: number };
  const parts = [
    u.companies !== undefined ? t`${plural(u.companies, { one: '# company', other: '# companies' })}` : null,
    u.tenders !== undefined ? t`${plural(u.tenders, { one: '# tender', other: '# tenders' })}` : null,
    u.follows !== undefined ? t`${plural(u.follows, { one: '# follow', other: '# follows' })}` : null,
  ];
  return kind === 'categories' ? parts[2] : parts.filter(Boolean).join(' · ');
}

/** An entry's two names side by side, each in its own direction. */
function EntryNames({ entry }: { entry: Names }) {
  return (
    <HStack gap="3" wrap="wrap">
      <Text lang="en" dir="ltr" fontWeight="semibold">
        {entry.nameEn}
      </Text>
      <Text lang="ar" dir="rtl" fontWeight="semibold">
        {entry.nameAr}
      </Text>
    </HStack>
  );
}

/**
 * One catalogue entry as an administrator manages it: its names, whether it is retired, what uses it, and its
 * actions — rename (both names side by side), move up or down (buttons, not dragging), retire or restore, and for a
 * service, merge into another after a confirmation naming what moves. `change` and `merge` answer whether the
 * server accepted (the page shows a refusal).
 */
export function CatalogEntryRow({
  kind,
  entry,
  index,
  count,
  change,
  mergeTargets,
  merge,
}: {
  kind: CatalogKind;
  entry: Entry;
  index: number;
  count: number;
  change(body: EntryChange): Promise<boolean>;
  mergeTargets?: MergeTarget[];
  merge?: (into: MergeTarget) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const [merging, setMerging] = useState(false);
  const [mergeInto, setMergeInto] = useState('');
  const uses = useUses(kind, entry);
  const label = `${entry.nameEn} / ${entry.nameAr}`;
  const target = mergeTargets?.find((s) => String(s.id) === mergeInto);

  const confirmMerge = async () => {
    if (!target || !merge || kind !== 'services') return;
    const u = (entry as AdminService).uses;
    const ok = await confirmPopup({
      title: t`Merge “${entry.nameEn}” into “${target.nameEn}”?`,
      text: t`${plural(u.companies, { one: '# company', other: '# companies' })}, ${plural(u.tenders, { one: '# tender', other: '# tenders' })} and ${plural(u.follows, { one: '# follow', other: '# follows' })} move to “${target.nameEn}”. “${entry.nameEn}” is removed and its followers are told.`,
      confirmLabel: t`Merge`,
      cancelLabel: t`Cancel`,
    });
    if (ok && (await merge(target))) {
      setMergeInto('');
      setMerging(false);
    }
  };

  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={entry.retired ? 'bg.muted' : undefined}
      data-testid="catalog-entry"
      data-kind={kind}
      data-entry-id={entry.id}
      data-retired={entry.retired || undefined}
    >
      {renaming ? (
        <NamesForm
          initial={{ nameEn: entry.nameEn, nameAr: entry.nameAr }}
          submitLabel={t`Save names`}
          testId="catalog-rename"
          onCancel={() => setRenaming(false)}
          onSubmit={async (names) => {
            const done = await change({ version: entry.version, ...names });
            if (done) setRenaming(false);
            return done;
          }}
        />
      ) : (
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="3" wrap="wrap">
              <EntryNames entry={entry} />
              {entry.retired ? (
                <Badge colorPalette="gray" data-testid="catalog-retired">
                  <Trans>Retired</Trans>
                </Badge>
              ) : null}
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {uses}
            </Text>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              onClick={() => setRenaming(true)}
              data-testid="catalog-rename-open"
            >
              <Trans>Rename</Trans>
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={index === 0}
              aria-label={t`Move up: ${label}`}
              onClick={() => void change({ version: entry.version, position: index })}
              data-testid="catalog-move-up"
            >
              <Trans>Move up</Trans>
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={index === count - 1}
              aria-label={t`Move down: ${label}`}
              onClick={() => void change({ version: entry.version, position: index + 2 })}
              data-testid="catalog-move-down"
            >
              <Trans>Move down</Trans>
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => void change({ version: entry.version, retired: !entry.retired })}
              data-testid={entry.retired ? 'catalog-restore' : 'catalog-retire'}
            >
              {entry.retired ? <Trans>Restore</Trans> : <Trans>Retire</Trans>}
            </Button>
            {mergeTargets && merge && !merging ? (
              // The list of services to merge into is drawn only for the service being merged (one list, not one
              // per row: a catalogue of 80 services would otherwise draw 6 400 options).
              <Button
                size="xs"
                variant="outline"
                onClick={() => setMerging(true)}
                data-testid="catalog-merge-open"
              >
                <Trans>Merge…</Trans>
              </Button>
            ) : null}
            {mergeTargets && merge && merging ? (
              <HStack gap="2">
                <NativeSelect.Root size="xs" width="auto">
                  <NativeSelect.Field
                    aria-label={t`Merge ${label} into`}
                    value={mergeInto}
                    onChange={(e) => setMergeInto(e.currentTarget.value)}
                    data-testid="catalog-merge-into"
                  >
                    <option value="">{t`Merge into…`}</option>
                    {mergeTargets.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.nameEn} / {s.nameAr}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="xs"
                  colorPalette="red"
                  variant="outline"
                  disabled={!target}
                  onClick={() => void confirmMerge()}
                  data-testid="catalog-merge"
                >
                  <Trans>Merge</Trans>
                </Button>
                <Button size="xs" variant="ghost" onClick={() => setMerging(false)}>
                  <Trans>Cancel</Trans>
                </Button>
              </HStack>
            ) : null}
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
