import { Button, HStack, Text } from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LazyInviteDialog } from './InviteLauncher.tsx';
import type { Invitee } from './invitee.ts';

/**
 * The directory's selection (signed-in non-admins): "N selected · Invite to tender", which opens the invite
 * dialog for all of them, and Clear. Shown from one selected company on; it stays in view at the bottom. The
 * selection is kept after inviting (the same companies may go to another tender too).
 */
export function SelectionBar({ companies, onClear }: { companies: Invitee[]; onClear(): void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // The dialog works on the companies selected when it opened.
  const [inviting, setInviting] = useState<Invitee[]>([]);
  const count = companies.length;
  return (
    <>
      {count > 0 && (
        <HStack
          role="region"
          aria-label={t`Selected companies`}
          position="sticky"
          bottom="4"
          zIndex="docked"
          justify="space-between"
          wrap="wrap"
          gap="3"
          p="3"
          borderWidth="1px"
          borderRadius="lg"
          bg="bg.panel"
          boxShadow="md"
          data-testid="selection-bar"
          data-count={count}
        >
          <Text fontWeight="medium" aria-live="polite">
            <Trans>{count} selected</Trans>
          </Text>
          <HStack gap="2">
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => {
                setInviting(companies);
                setOpen(true);
              }}
              data-testid="invite-selected"
            >
              <Trans>Invite to tender</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={onClear} data-testid="clear-selection">
              <Trans>Clear selection</Trans>
            </Button>
          </HStack>
        </HStack>
      )}
      <LazyInviteDialog open={open} companies={inviting} onClose={() => setOpen(false)} />
    </>
  );
}
