import { useLoad, useSessionStore } from '@bawaba/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api.ts';
import type { Invitee } from '../invitations/invitee.ts';

/**
 * The companies picked to invite to a tender: offered as the API says — to a signed-in non-admin who has a tender to
 * invite to, on every card but their own company's. id → the company (name and its language), kept across pages and
 * searches.
 */
export function useInviteSelection() {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const inviter = useLoad(`inviter|${userId}`, api.inviter, signedIn && !isAdmin);
  const selecting = signedIn && !isAdmin && inviter.data?.canInvite === true;
  const [selected, setSelected] = useState<ReadonlyMap<number, Invitee>>(() => new Map());
  const select = useCallback(
    (company: Invitee, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(company.id, company);
        else next.delete(company.id);
        return next;
      }),
    [],
  );
  // Signing out (or in as an admin) drops the selection: it was someone else's.
  useEffect(() => {
    if (!selecting) setSelected(new Map());
  }, [selecting]);
  return {
    /** Null when the viewer cannot pick (anonymous, admin, no tender to invite to). */
    selected: selecting ? selected : null,
    select,
    clear: () => setSelected(new Map()),
    /** The viewer's own company: never offered for picking. */
    ownCompanyId: inviter.data?.companyId ?? null,
    // The cards wait for that answer (asked alongside the results): a selection box appearing afterwards would move them.
    pending: signedIn && !isAdmin && !inviter.data && !inviter.failed,
  };
}

export type InviteSelection = ReturnType<typeof useInviteSelection>;
