import { useSessionStore } from '@bawaba/shared';

/**
 * Tests: signs in as Khalid, a member of company `activeCompanyId` ("Doha Digital") holding `roles` there — or,
 * with `null`, a person acting for no company.
 */
export const signInAsMember = (roles: string[], activeCompanyId: number | null = 7): void =>
  useSessionStore.getState().signIn('token', {
    id: 1,
    name: 'Khalid',
    isAdmin: false,
    companies: activeCompanyId ? [{ id: activeCompanyId, name: 'Doha Digital', roles }] : [],
    activeCompanyId,
  } as Parameters<ReturnType<typeof useSessionStore.getState>['signIn']>[1]);
