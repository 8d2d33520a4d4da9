import { Field, IconButton, NativeSelect, Portal, Stack, Text } from '@bawaba/shared';
import { Popover } from '@bawaba/shared/chakra-overlays';
import type { DateOrder, DigitsChoice } from '@bawaba/shared/rules';
import { displayPrefs } from '@bawaba/shared/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { chooseDisplay } from './display-choice.ts';
import { CalendarIcon } from './icons.tsx';

/** The top bar's button; the menu below replaces it once someone reaches for it (TopBar's LazyDisplaySettings). */
const DisplayButton = forwardRef<HTMLButtonElement, React.ComponentProps<typeof IconButton>>(
  function DisplayButton(props, ref) {
    const { t } = useLingui();
    return (
      <IconButton
        ref={ref}
        variant="ghost"
        size="sm"
        aria-label={t`Numbers and dates`}
        data-testid="display-settings-button"
        hideBelow="md"
        {...props}
      >
        <CalendarIcon boxSize="5" />
      </IconButton>
    );
  },
);

/**
 * "Numbers and dates": the digits every number, amount and date is written in (the language's own, Arabic-Indic or
 * Latin) and, on Arabic pages, which calendar comes first (Gregorian or Hijri). In the top bar because visitors
 * choose too; kept in the browser, and on the account when signed in (./display-choice.ts).
 */
export function DisplaySettings({ initialOpen = false }: { initialOpen?: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(initialOpen);
  useEffect(() => {
    if (initialOpen) trigger.current?.focus();
  }, [initialOpen]);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <DisplayButton ref={trigger} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="display-settings" width={{ base: '90vw', sm: '80' }}>
            <Popover.Body>
              <Stack gap="4">
                <Text fontWeight="bold">
                  <Trans>Numbers and dates</Trans>
                </Text>
                <DisplayChoices />
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The two choices, in the top bar's menu and in the sidebar on small screens (./SidebarDrawer.tsx). */
export function DisplayChoices() {
  const { t } = useLingui();
  const [prefs, setPrefs] = useState(displayPrefs);
  const change = (next: { digits?: DigitsChoice; dateOrder?: DateOrder }) => {
    setPrefs((was) => ({ ...was, ...next }));
    void chooseDisplay(next).catch(() => undefined);
  };
  return (
    <>
      <Field.Root>
        <Field.Label>
          <Trans>Digits</Trans>
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={prefs.digits}
            data-testid="display-digits"
            onChange={(e) => change({ digits: e.currentTarget.value as DigitsChoice })}
          >
            <option value="auto">{t`As the language writes them`}</option>
            <option value="arab">{t`Arabic-Indic (١٢٣)`}</option>
            <option value="latn">{t`Latin (123)`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>
          <Trans>Dates on Arabic pages</Trans>
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={prefs.dateOrder}
            data-testid="display-date-order"
            onChange={(e) => change({ dateOrder: e.currentTarget.value as DateOrder })}
          >
            <option value="gregorian_first">{t`Gregorian first, Hijri beside it`}</option>
            <option value="hijri_first">{t`Hijri first, Gregorian beside it`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </>
  );
}
