import { Button, type CatalogLoaders, registerCatalogs } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { InviteDialogProps } from './dialog/InviteDialog.tsx';
import type { Invitee } from './invitee.ts';

/** The dialog's texts: a catalog of their own (lingui.config.ts), fetched with it. */
const inviteCatalogs: CatalogLoaders = {
  en: () => import('../../locales/en/invite.ts'),
  ar: () => import('../../locales/ar/invite.ts'),
};

// The dialog (and Chakra's overlays) load on the first "Invite to tender", never with the page, its texts with it.
const InviteDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('./dialog/InviteDialog.tsx'),
    registerCatalogs('directory-invite', inviteCatalogs),
  ]);
  return { default: module.InviteDialog };
});

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
