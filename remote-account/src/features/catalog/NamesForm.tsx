import { Button, Field, HStack, Input, Stack } from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

export type Names = { nameEn: string; nameAr: string };

/**
 * A catalogue entry's two names side by side, each typed in its own direction (English left to right, Arabic right
 * to left), and the button that submits them; the server checks them (both written, not used by a sibling).
 */
export function NamesForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
}: {
  initial?: Names;
  submitLabel: string;
  onSubmit(names: Names): Promise<boolean>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useLingui();
  const [names, setNames] = useState<Names>(initial ?? { nameEn: '', nameAr: '' });
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const done = await onSubmit({ nameEn: names.nameEn.trim(), nameAr: names.nameAr.trim() });
    setBusy(false);
    if (done && !initial) setNames({ nameEn: '', nameAr: '' });
  };
  return (
    <form
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Field.Root flex="1">
          <Field.Label>
            <Trans>Name in English</Trans>
          </Field.Label>
          <Input
            dir="ltr"
            lang="en"
            value={names.nameEn}
            onChange={(e) => setNames({ ...names, nameEn: e.currentTarget.value })}
            data-testid={`${testId}-en`}
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>
            <Trans>Name in Arabic</Trans>
          </Field.Label>
          <Input
            dir="rtl"
            lang="ar"
            value={names.nameAr}
            onChange={(e) => setNames({ ...names, nameAr: e.currentTarget.value })}
            data-testid={`${testId}-ar`}
          />
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} aria-label={t`Cancel renaming`}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}
