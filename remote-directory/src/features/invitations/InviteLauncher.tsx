import { Button } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { InviteDialogProps } from './InviteDialog.tsx';
import type { Invitee } from './invitee.ts';

// The dialog (and Chakra's overlays) load on the first "Invite to tender", never with the page.
const InviteDialog = lazy(() => import('./InviteDialog.tsx').then((m) => ({ default: m.InviteDialog })));

/** The invite dialog, fetched the first time it opens and kept mounted afterwards (so it can animate closed). */
export function LazyInviteDialog(props: InviteDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <InviteDialog {...props} />
    </Suspense>
  );
}

/** "Invite to tender" on a company's profile: signed-in non-admins who do not own the company (the caller decides). */
export function InviteButton({ company }: { company: Invitee }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        onClick={() => setOpen(true)}
        data-testid="invite-to-tender"
      >
        <Trans>Invite to tender</Trans>
      </Button>
      <LazyInviteDialog open={open} companies={[company]} onClose={() => setOpen(false)} />
    </>
  );
}
