import { AppProviders, HTTPError, i18n, MemoryRouter, onHttpEvent, useSessionStore } from '@bawaba/shared';
import type { InvitableTender, Invitation } from '@bawaba/shared/contracts';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arMessages } from '../../../locales/ar/invite.ts';
import type { Invitee } from '../invitee.ts';
import { InviteDialog } from './InviteDialog.tsx';

const invitableTenders = vi.fn<() => Promise<InvitableTender[]>>();
const invite = vi.fn<(tenderId: number, companyId: number) => Promise<Invitation>>();
/** The Idempotency-Key of each call of `invite`, in order. */
const sentKeys: string[] = [];
vi.mock('../../../api.ts', async (original) => ({
  ...(await original<typeof import('../../../api.ts')>()),
  api: {
    invitableTenders: () => invitableTenders(),
    invite: (tenderId: number, companyId: number, key: string) => {
      sentKeys.push(key);
      return invite(tenderId, companyId);
    },
  },
}));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() =>
  useSessionStore.setState({
    token: 'token',
    user: { id: 3, name: 'Sara', isAdmin: false },
    language: 'en',
  }),
);
afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  invitableTenders.mockReset();
  invite.mockReset();
  sentKeys.length = 0;
});

const tender = (id: number, title: string, invitedCompanyIds: number[] = []): InvitableTender => ({
  id,
  number: `T-2026-00${id}`,
  title,
  titleLang: 'en',
  deadline: '2026-12-20T12:00:00.000Z',
  invitedCompanyIds,
});

const invitation = (tenderId: number, company: Invitee, sent: boolean): Invitation => ({
  id: 100 + company.id,
  tender: { id: tenderId, number: `T-2026-00${tenderId}`, title: 'x', titleLang: 'en' },
  company,
  invitedAt: '2026-11-26T10:00:00.000Z',
  sentAt: sent ? '2026-11-26T10:00:00.000Z' : null,
  openedAt: null,
  interest: null,
  bid: false,
});

/** An API refusal as ky throws it (the body already read into `data`). */
function refused(status: number, message: string, code = 'REFUSED'): HTTPError {
  const request = new Request('http://localhost/api/v1/tenders/1/invitations', { method: 'POST' });
  const error = new HTTPError(new Response(null, { status }), request, {} as never);
  error.data = { statusCode: status, error: 'Conflict', message, code };
  return error;
}

const DOHA: Invitee = { id: 42, name: 'Doha Digital Solutions', nameLang: 'en' };
const PEARL: Invitee = { id: 43, name: 'شركة اللؤلؤة', nameLang: 'ar' };

function renderDialog(companies: Invitee[]) {
  const onClose = vi.fn();
  render(
    <AppProviders>
      <MemoryRouter>
        <InviteDialog open companies={companies} onClose={onClose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

/**
 * Picks a tender. The list arrives as a transition and the radio group's state machine starts in an effect after
 * it: a click in between is dropped (a test clicks within the same millisecond, a person cannot), so the current
 * radio is clicked again, one click at a time, until Send is enabled.
 */
async function pickTender(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await screen.findByRole('radio', { name });
  const send = () => screen.getByRole('button', { name: /^Send invitation/ }) as HTMLButtonElement;
  for (let attempt = 0; attempt < 20 && send().disabled; attempt++) {
    await user.click(screen.getByRole('radio', { name }));
    if (send().disabled) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(send().disabled).toBe(false);
}

describe('the invite dialog', { timeout: 30_000 }, () => {
  it("lists the user's tenders (number, title, deadline), disables those already inviting the company, and sends", async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out'), tender(2, 'Cloud migration', [42])]);
    invite.mockResolvedValue(invitation(1, DOHA, true));
    const { user } = renderDialog([DOHA]);
    const dialog = await screen.findByRole('dialog', { name: 'Invite to tender' });
    const first = await within(dialog).findByRole('radio', { name: /New office fit-out/ });
    const second = within(dialog).getByRole('radio', { name: /Cloud migration/ });
    expect(within(dialog).getByRole('radiogroup', { name: 'Choose one of your tenders' })).toBeTruthy();
    expect(first.closest('label')?.textContent).toMatch(/T-2026-001.*New office fit-out.*Deadline: .*2026/);
    expect((second as HTMLInputElement).disabled).toBe(true);
    expect(second.closest('label')?.textContent).toContain('Already invited');
    const confirm = within(dialog).getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(first);
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(invite).toHaveBeenCalledWith(1, 42));
    expect(invite).toHaveBeenCalledTimes(1);
    const sent = await within(dialog).findByTestId('invite-sent');
    expect(sent.textContent).toContain('Invitation sent');
    expect(sent.textContent).toContain('The company has been told about your tender.');
  });

  it.each([
    ['en', 'Choose one of your tenders'],
    ['ar', 'اختر إحدى مناقصاتك'],
  ] as const)(
    'isolates the tender number and the title as separate elements, apart (%s)',
    async (language, legend) => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arMessages : {} });
      useSessionStore.setState({ language });
      invitableTenders.mockResolvedValue([
        { ...tender(7, 'Fit-out of building 3440'), number: 'BWB-2026-0145' },
      ]);
      renderDialog([DOHA]);
      const group = await screen.findByRole('radiogroup', { name: legend });
      const label = within(group).getByTestId('invite-tender-label');
      const isolated = [...label.querySelectorAll('bdi')].map((b) => b.textContent);
      expect(isolated).toEqual(['BWB-2026-0145', 'Fit-out of building 3440']);
      // Text between the two isolates keeps them apart whatever the page's direction.
      expect(label.textContent).toMatch(/^BWB-2026-0145\s+\S\s+Fit-out of building 3440$/);
    },
  );

  it('marks each tender title and the company name with the language the API says they are in', async () => {
    invitableTenders.mockResolvedValue([
      tender(1, 'New office fit-out'),
      { ...tender(2, 'تجهيز المكاتب'), titleLang: 'ar' },
    ]);
    renderDialog([PEARL]);
    const group = await screen.findByRole('radiogroup', { name: 'Choose one of your tenders' });
    const titles = within(group)
      .getAllByTestId('invite-tender-label')
      .map((label) => label.querySelectorAll('bdi')[1]!);
    expect(titles.map((b) => [b.textContent, b.getAttribute('lang'), b.getAttribute('dir')])).toEqual([
      ['New office fit-out', 'en', 'ltr'],
      ['تجهيز المكاتب', 'ar', 'rtl'],
    ]);
    const company = screen.getByText('شركة اللؤلؤة');
    expect([company.getAttribute('lang'), company.getAttribute('dir')]).toEqual(['ar', 'rtl']);
  });

  it('says a draft invitation reaches the company once the tender is approved', async () => {
    invitableTenders.mockResolvedValue([tender(5, 'Draft tender')]);
    invite.mockResolvedValue(invitation(5, DOHA, false));
    const { user } = renderDialog([DOHA]);
    await pickTender(user, /Draft tender/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByTestId('invite-sent')).textContent).toContain(
      'The company will be told once your tender is approved and published.',
    );
  });

  it("shows the server's refusal in the dialog and keeps the session", async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out')]);
    invite.mockRejectedValue(refused(409, 'This company has no account that could receive the invitation.'));
    const events: unknown[] = [];
    const stop = onHttpEvent((e) => events.push(e));
    const { user } = renderDialog([DOHA]);
    await pickTender(user, /New office fit-out/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This company has no account that could receive the invitation.');
    expect(screen.queryByTestId('invite-sent')).toBeNull();
    // Still choosable: the form stays, and nothing told the shell to sign the user out.
    expect(screen.getByRole('radio', { name: /New office fit-out/ })).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('token');
    expect(events).toEqual([]);
    stop();
  });

  it("shows the server's message from the refusal's body when the client had not read it", async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out')]);
    const request = new Request('http://localhost/api/v1/tenders/1/invitations', { method: 'POST' });
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'This company is already invited.',
      code: 'X',
    };
    invite.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } }),
        request,
        {} as never,
      ),
    );
    const { user } = renderDialog([DOHA]);
    await pickTender(user, /New office fit-out/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This company is already invited.');
  });

  it('hands a 401 to the shell (the session is gone)', async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out')]);
    invite.mockRejectedValue(refused(401, 'Please sign in.', 'UNAUTHORIZED'));
    const events: { type: string; status?: number }[] = [];
    const stop = onHttpEvent((e) => events.push(e));
    const { user } = renderDialog([DOHA]);
    await pickTender(user, /New office fit-out/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(events).toMatchObject([{ type: 'error', status: 401 }]));
    stop();
  });

  it('has an empty state with a link to tender management', async () => {
    invitableTenders.mockResolvedValue([]);
    renderDialog([DOHA]);
    const empty = await screen.findByTestId('invite-empty');
    expect(empty.textContent).toContain('You have no tender open to invitations');
    expect(within(empty).getByRole('link', { name: 'Manage your tenders' }).getAttribute('href')).toBe(
      '/account/tender-management',
    );
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('invites several companies, one call each, and reports each outcome', async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out')]);
    invite.mockImplementation(async (tenderId, companyId) => {
      if (companyId === PEARL.id) throw refused(409, 'This company is not approved yet.');
      return invitation(tenderId, DOHA, true);
    });
    const { user } = renderDialog([DOHA, PEARL]);
    const dialog = await screen.findByRole('dialog', { name: 'Invite 2 companies to a tender' });
    await user.click(await within(dialog).findByRole('radio', { name: /New office fit-out/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    const results = await within(dialog).findByTestId('invite-results');
    expect(invite.mock.calls).toEqual([
      [1, 42],
      [1, 43],
    ]);
    expect(results.textContent).toContain('1 of 2 companies invited');
    const rows = within(results).getAllByTestId('invite-result');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Doha Digital SolutionsInvited',
      'شركة اللؤلؤةThis company is not approved yet.',
    ]);
    const names = rows.map((r) => r.firstElementChild!);
    expect(names.map((n) => [n.getAttribute('lang'), n.getAttribute('dir')])).toEqual([
      ['en', 'ltr'],
      ['ar', 'rtl'],
    ]);
  });

  it('sends an Idempotency-Key: the same when the user retries an invitation, one per company', async () => {
    invitableTenders.mockResolvedValue([tender(1, 'New office fit-out')]);
    invite
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(invitation(1, DOHA, true));
    const { user } = renderDialog([DOHA]);
    await pickTender(user, /New office fit-out/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The invitation could not be sent. Please try again.',
    );
    // The retry: the same tender again (picked anew: in happy-dom the dialog reports an outside interaction on Send,
    // whose close() can clear the choice).
    await pickTender(user, /New office fit-out/);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByTestId('invite-sent');
    expect(invite.mock.calls).toEqual([
      [1, 42],
      [1, 42],
    ]);
    expect(sentKeys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), sentKeys[0]]);
    cleanup();

    invite.mockReset();
    invite.mockImplementation(async (tenderId) => invitation(tenderId, DOHA, true));
    const again = renderDialog([DOHA, PEARL]);
    const dialog = await screen.findByRole('dialog', { name: 'Invite 2 companies to a tender' });
    await again.user.click(await within(dialog).findByRole('radio', { name: /New office fit-out/ }));
    await again.user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await within(dialog).findByTestId('invite-results');
    const [doha, pearl] = sentKeys.slice(2);
    expect(pearl).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([sentKeys[0], doha, pearl]).size).toBe(3);
  });
});
