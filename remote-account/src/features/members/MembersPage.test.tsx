import {
  AppProviders,
  i18n,
  MemoryRouter,
  sharedCatalogs,
  usePopupStore,
  useSessionStore,
} from '@bawaba/shared';
import type { MemberList, PendingInvitation } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import { messages as arabic } from '../../locales/ar/messages.ts';
import { signInAsMember } from '../../test-session.ts';
import MembersPage from './MembersPage.tsx';

/** The server's state: what the mocked calls read and change. */
let state: MemberList;
let pending: PendingInvitation[];
let approvalAbove: number;
vi.mock('../../api.ts', () => ({
  api: {
    members: vi.fn(async () => structuredClone(state)),
    memberInvitations: vi.fn(async () => structuredClone(pending)),
    invite: vi.fn(async (body: { email: string; roles: string[] }) => {
      const invitation = {
        id: 50,
        email: body.email,
        roles: body.roles,
        sentAt: '2026-11-25T10:00:00Z',
        expiresAt: '2026-12-02T10:00:00Z',
        isExpired: false,
      } as PendingInvitation;
      pending = [invitation, ...pending];
      return invitation;
    }),
    resendInvitation: vi.fn(async () => pending[0]),
    cancelInvitation: vi.fn(async (id: number) => {
      pending = pending.filter((i) => i.id !== id);
    }),
    changeMemberRoles: vi.fn(async (userId: number, roles: string[]) => {
      state.members = state.members.map((m) =>
        m.userId === userId ? { ...m, roles } : m,
      ) as MemberList['members'];
    }),
    removeMember: vi.fn(async (userId: number) => {
      state.members = state.members.filter((m) => m.userId !== userId);
    }),
    leaveCompany: vi.fn(),
    decisionSettings: vi.fn(async () => ({ approvalAbove })),
    saveDecisionSettings: vi.fn(async (body: { approvalAbove: number }) => {
      approvalAbove = body.approvalAbove;
      return { ok: true };
    }),
  },
}));

const member = (userId: number, name: string, email: string, roles: string[], isYou = false) =>
  ({ userId, name, email, roles, joinedAt: '2026-11-01T10:00:00Z', isYou }) as MemberList['members'][number];

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <MembersPage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  usePopupStore.setState({ queue: [] });
  signInAsMember(['admin'], 7);
  approvalAbove = 0;
  state = {
    members: [
      member(1, 'Khalid', 'owner@x.qa', ['admin', 'buyer', 'bidder', 'viewer'], true),
      member(2, 'Layla', 'buyer@x.qa', ['buyer']),
    ],
    yourRoles: ['admin', 'buyer', 'bidder', 'viewer'],
  };
  pending = [
    {
      id: 9,
      email: 'late@x.qa',
      roles: ['viewer'],
      sentAt: '2026-11-01T10:00:00Z',
      expiresAt: '2026-11-08T10:00:00Z',
      isExpired: true,
    },
  ];
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSessionStore.getState().signOut();
});

/** Ticks a role's box and waits until its root shows the new state (the hidden input's property lags in happy-dom). */
async function toggle(scope: HTMLElement, name: RegExp) {
  const box = within(scope).getByRole('checkbox', { name });
  const root = box.closest('[data-scope="checkbox"][data-part="root"]')!;
  const before = root.getAttribute('data-state');
  fireEvent.click(box);
  await waitFor(() => expect(root.getAttribute('data-state')).not.toBe(before));
}

const rowOf = async (email: string) =>
  (await screen.findAllByTestId('member', {}, { timeout: 5000 })).find(
    (r) => r.getAttribute('data-email') === email,
  )!;
const rolesOf = (row: HTMLElement) =>
  [...within(row).getByTestId('member-roles').querySelectorAll('[data-role]')].map((b) =>
    b.getAttribute('data-role'),
  );

describe('the company members page', () => {
  it('lists the members with their roles under the company’s name', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Members of Doha Digital' })).toBeTruthy();
    expect(rolesOf(await rowOf('owner@x.qa'))).toEqual(['admin', 'buyer', 'bidder', 'viewer']);
    expect(rolesOf(await rowOf('buyer@x.qa'))).toEqual(['buyer']);
    // The caller's own row offers to leave, not to remove.
    const own = await rowOf('owner@x.qa');
    expect(within(own).queryByTestId('remove-member')).toBeNull();
    expect(within(own).getByTestId('leave-company')).toBeTruthy();
  });

  it('lets an administrator change a member’s roles and remove a member', async () => {
    show();
    const layla = await rowOf('buyer@x.qa');
    fireEvent.click(within(layla).getByRole('button', { name: 'Change roles of Layla' }));
    await toggle(layla, /Viewer/);
    fireEvent.click(within(layla).getByTestId('save-roles'));
    await waitFor(() => expect(api.changeMemberRoles).toHaveBeenCalledWith(2, ['buyer', 'viewer']));
    await waitFor(async () => expect(rolesOf(await rowOf('buyer@x.qa'))).toEqual(['buyer', 'viewer']));

    fireEvent.click(within(await rowOf('buyer@x.qa')).getByRole('button', { name: 'Remove Layla' }));
    // The shell's confirm popup asks first; confirming removes.
    await waitFor(() => expect(usePopupStore.getState().queue[0]?.title).toBe('Remove Layla?'));
    const popup = usePopupStore.getState().queue[0]!;
    usePopupStore.getState().close(popup.id, true);
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith(2));
    await waitFor(async () =>
      expect((await screen.findAllByTestId('member')).map((r) => r.getAttribute('data-email'))).toEqual([
        'owner@x.qa',
      ]),
    );
  });

  it('invites a colleague with roles and shows the pending invitations with resend and cancel', async () => {
    show();
    const list = await screen.findByTestId('pending-invitations', {}, { timeout: 5000 });
    expect(within(list).getByTestId('invitation-expired')).toBeTruthy();

    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'new@x.qa' } });
    const roles = screen.getByTestId('invite-roles');
    await toggle(roles, /Buyer/);
    await toggle(roles, /Viewer/);
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() =>
      expect(api.invite).toHaveBeenCalledWith({ email: 'new@x.qa', roles: ['buyer'], language: 'en' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('pending-invitation').map((r) => r.getAttribute('data-email'))).toEqual([
        'new@x.qa',
        'late@x.qa',
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to late@x.qa' }));
    await waitFor(() => expect(api.resendInvitation).toHaveBeenCalledWith(9));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the invitation to late@x.qa' }));
    await waitFor(() => expect(api.cancelInvitation).toHaveBeenCalledWith(9));
    await waitFor(() =>
      expect(screen.getAllByTestId('pending-invitation').map((r) => r.getAttribute('data-email'))).toEqual([
        'new@x.qa',
      ]),
    );
  });

  it('offers a member without the administrator role nothing to manage', async () => {
    state.yourRoles = ['buyer'];
    state.members = [
      member(1, 'Khalid', 'owner@x.qa', ['admin']),
      member(2, 'Layla', 'buyer@x.qa', ['buyer'], true),
    ];
    show();
    await rowOf('buyer@x.qa');
    expect(screen.queryByTestId('change-roles')).toBeNull();
    expect(screen.queryByTestId('remove-member')).toBeNull();
    expect(screen.queryByTestId('invite-member')).toBeNull();
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(api.memberInvitations).not.toHaveBeenCalled();
  });

  it('says how to get a company, and calls nothing, when the session acts for none', async () => {
    signInAsMember(['admin'], null);
    show();
    expect(await screen.findByTestId('no-company')).toBeTruthy();
    expect(api.members).not.toHaveBeenCalled();
  });

  const inLanguage = async (language: 'en' | 'ar') => {
    await i18n.loadAndActivate({
      locale: language,
      // The contract's messages in Arabic come with shared's catalog.
      messages: language === 'ar' ? { ...(await sharedCatalogs.ar()).messages, ...arabic } : {},
    });
    useSessionStore.setState({ language });
  };

  for (const language of ['en', 'ar'] as const) {
    const en = language === 'en';
    it(`lets an administrator set the approval threshold, refusing a negative amount (${language})`, async () => {
      await inLanguage(language);
      approvalAbove = 50000;
      show();
      const card = await screen.findByTestId('decision-settings', {}, { timeout: 5000 });
      expect(
        within(card).getByRole('heading', {
          name: en ? 'Approval of tender decisions' : 'الموافقة على قرارات المناقصات',
        }),
      ).toBeTruthy();
      const amount = await within(card).findByRole('spinbutton', {
        name: en ? 'Approval needed above (QAR)' : 'الموافقة مطلوبة فوق (ريال قطري)',
      });
      await waitFor(() => expect((amount as HTMLInputElement).value).toBe('50000'));
      const save = within(card).getByRole('button', { name: en ? 'Save threshold' : 'حفظ الحد' });
      fireEvent.input(amount, { target: { value: '-1' } });
      fireEvent.click(save);
      expect(
        await within(card).findByText(
          en
            ? 'The approval threshold is an amount from 0 to 1,000,000,000 QAR.'
            : 'حد الموافقة مبلغ بين 0 و1,000,000,000 ريال قطري.',
        ),
      ).toBeTruthy();
      expect(api.saveDecisionSettings).not.toHaveBeenCalled();
      fireEvent.input(amount, { target: { value: '250000' } });
      fireEvent.click(save);
      await waitFor(() => expect(api.saveDecisionSettings).toHaveBeenCalledWith({ approvalAbove: 250000 }));
    });

    it(`shows other members the approval threshold without a form (${language})`, async () => {
      await inLanguage(language);
      state.yourRoles = ['buyer'];
      approvalAbove = 50000;
      show();
      const value = await screen.findByTestId('approval-above-value', {}, { timeout: 5000 });
      expect(value.textContent).toMatch(
        en ? /^Approval needed above: .*50,000/ : /^الموافقة مطلوبة فوق: .*٥٠٬٠٠٠/,
      );
      expect(within(screen.getByTestId('decision-settings')).queryByRole('spinbutton')).toBeNull();
      expect(within(screen.getByTestId('decision-settings')).queryByRole('button')).toBeNull();
    });
  }
});
