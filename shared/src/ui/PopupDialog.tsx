import { Box, Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { type PopupKind, usePopupStore } from './popups.ts';

const TONE: Record<PopupKind, { color: string; symbol: string }> = {
  success: { color: 'green.solid', symbol: '✓' },
  error: { color: 'red.solid', symbol: '!' },
  warning: { color: 'orange.solid', symbol: '!' },
  info: { color: 'blue.solid', symbol: 'i' },
  confirm: { color: 'brand.solid', symbol: '?' },
};

/**
 * The popup queue's first popup as a centred dialog: a lazy chunk of its own, loaded by ./PopupHost.tsx when the
 * first popup is raised (the Dialog's Zag machine and focus trap are not part of the first page's JavaScript).
 */
export function PopupDialog() {
  const { t } = useLingui();
  const popup = usePopupStore((s) => s.queue[0]);
  const close = usePopupStore((s) => s.close);
  // What had the focus when this popup opened: it gets it back on close, unless the page changed meanwhile
  // (e.g. "Proposal submitted" then a navigation), when the new page's <main> gets it instead of <body>.
  const opener = useRef<{ id: number; element: Element | null }>(null);
  if (popup && opener.current?.id !== popup.id) {
    opener.current = {
      id: popup.id,
      element: typeof document === 'undefined' ? null : document.activeElement,
    };
  }
  if (!popup) return null;
  const tone = TONE[popup.kind];
  const isConfirm = popup.kind === 'confirm';
  return (
    <Dialog.Root
      key={popup.id}
      open
      placement="center"
      role={popup.kind === 'error' || popup.kind === 'warning' || isConfirm ? 'alertdialog' : 'dialog'}
      onOpenChange={(details) => {
        if (!details.open) close(popup.id, false);
      }}
      finalFocusEl={() => focusAfterClose(opener.current?.element ?? null)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="popup" data-kind={popup.kind} textAlign="center" maxW="md" mx="4">
            <Dialog.Header flexDirection="column" alignItems="center" gap="3" pt="8">
              <Box
                aria-hidden
                w="12"
                h="12"
                borderRadius="full"
                borderWidth="3px"
                borderColor={tone.color}
                color={tone.color}
                display="flex"
                alignItems="center"
                justifyContent="center"
                fontSize="2xl"
                fontWeight="bold"
              >
                {tone.symbol}
              </Box>
              <Dialog.Title>{popup.title}</Dialog.Title>
            </Dialog.Header>
            {popup.text ? (
              <Dialog.Body>
                <Dialog.Description asChild>
                  <Text color="fg.muted">{popup.text}</Text>
                </Dialog.Description>
              </Dialog.Body>
            ) : null}
            <Dialog.Footer justifyContent="center">
              <HStack gap="3">
                {isConfirm ? (
                  <Button variant="outline" onClick={() => close(popup.id, false)}>
                    {popup.cancelLabel ?? t`Cancel`}
                  </Button>
                ) : null}
                <Button
                  colorPalette={popup.kind === 'error' ? 'red' : 'brand'}
                  onClick={() => close(popup.id, true)}
                >
                  {popup.confirmLabel ?? t`OK`}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function focusAfterClose(opener: Element | null): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) return opener;
  const main = document.querySelector<HTMLElement>('main');
  if (main && !main.hasAttribute('tabindex')) main.tabIndex = -1;
  return main;
}
