import { i18n, useSessionStore } from '@bawaba/shared';
import { queryWords } from '@bawaba/shared/search';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderPage, tender } from '../test-utils.tsx';
import { CreatedLabel } from './TenderBits.tsx';
import { TenderCard } from './TenderCard.tsx';

afterEach(() => {
  cleanup();
  useSessionStore.setState({ token: null, user: null });
});
beforeAll(activateEnglish);

const signIn = (id: number) =>
  useSessionStore.setState({ token: 'x', user: { id, name: 'U', isAdmin: false } });

describe('tender card', () => {
  it('cuts the title at 30 characters and keeps the full title as a tooltip', () => {
    renderPage(<TenderCard tender={tender()} />);
    const title = screen.getByTestId('tender-title');
    expect(title.textContent).toBe('Supply and Installation of CCT…');
    expect(title.getAttribute('title')).toBe('Supply and Installation of CCTV Systems for Lusail Offices');
    renderPage(<TenderCard tender={tender({ id: 13, title: 'Short title' })} />);
    expect(screen.getAllByTestId('tender-title')[1]?.textContent).toBe('Short title');
  });

  it('marks the searched words in the title and the number, whatever spelling or digits were typed', () => {
    renderPage(
      <TenderCard
        tender={tender({ title: 'معايير التَّقييم للمشروع', number: 'BWB-2026-0005' })}
        marks={queryWords('تقييم ٠٠٠٥')}
      />,
    );
    const marked = (id: string) =>
      [...screen.getByTestId(id).querySelectorAll('mark')].map((m) => m.textContent);
    expect(marked('tender-title')).toEqual(['التَّقييم']);
    expect(marked('tender-number')).toEqual(['0005']);
    expect(screen.getByTestId('tender-title').textContent).toBe('معايير التَّقييم للمشروع');
  });

  it('marks open green and closed red, with the approval badge', () => {
    renderPage(<TenderCard tender={tender()} />);
    expect(screen.getByTestId('tender-status').textContent).toBe('Open');
    expect(screen.getByTestId('approval-badge').textContent).toBe('Approved');
    cleanup();
    renderPage(<TenderCard tender={tender({ status: 'closed', approvalStatus: { status: 'pending' } })} />);
    expect(screen.getByTestId('tender-status').textContent).toBe('Closed');
    expect(screen.getByTestId('tender-status').getAttribute('data-status')).toBe('closed');
    expect(screen.getByTestId('approval-badge').textContent).toBe('Pending');
  });

  it('links the info button to the tender page', () => {
    renderPage(<TenderCard tender={tender()} />);
    expect(screen.getByTestId('tender-info').getAttribute('href')).toBe('/tender-profile/12');
  });

  it('shows the action buttons of the matrix', () => {
    signIn(3);
    renderPage(<TenderCard tender={tender()} />);
    expect(screen.getByRole('button', { name: 'Submit Proposal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Interest' })).toBeNull();
    cleanup();
    renderPage(<TenderCard tender={tender({ isProposalSubmitted: true })} />);
    expect((screen.getByRole('button', { name: 'Submit Proposal' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    cleanup();
    renderPage(<TenderCard tender={tender({ status: 'closed' })} />);
    expect(screen.getByRole('button', { name: 'Interest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Proposal' })).toBeNull();
    cleanup();
    renderPage(<TenderCard tender={tender({ status: 'closed', isInterestSubmitted: true })} />);
    expect((screen.getByRole('button', { name: 'Interest' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPage(
      <TenderCard
        tender={tender({ status: 'closed', isInterestSubmitted: true, isInterestApproved: true })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Submit Proposal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Interest' })).toBeNull();
  });

  it('shows no action to the owner', () => {
    signIn(7);
    renderPage(<TenderCard tender={tender({ isOwner: true })} />);
    expect(screen.queryByTestId('tender-actions')).toBeNull();
    cleanup();
    renderPage(<TenderCard tender={tender({ status: 'closed', isOwner: true })} />);
    expect(screen.queryByTestId('tender-actions')).toBeNull();
  });

  it('sends an anonymous visitor to the guarded wizard route (the host asks to sign in)', () => {
    renderPage(<TenderCard tender={tender({ status: 'closed' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Interest' }));
    expect(screen.getByTestId('went-to').textContent).toBe('submit-proposal');
  });
});

describe('created label', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it("says 'Today' and 'N days ago' with plural forms", () => {
    renderPage(
      <>
        <CreatedLabel createdAt="2026-11-22T01:00:00Z" now={now} />
        <CreatedLabel createdAt="2026-11-21T09:00:00Z" now={now} />
        <CreatedLabel createdAt="2026-11-10T09:00:00Z" now={now} />
      </>,
    );
    expect(screen.getAllByTestId('created-label').map((e) => e.textContent)).toEqual([
      'Today',
      '1 day ago',
      '12 days ago',
    ]);
  });
});

describe('created label in Arabic', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  afterEach(async () => {
    useSessionStore.setState({ language: 'en' });
    await activateEnglish();
  });
  it('uses the Arabic plural forms and Arabic digits', async () => {
    const { messages } = await import('../locales/ar/messages.ts');
    i18n.load('ar', messages);
    i18n.activate('ar');
    useSessionStore.setState({ language: 'ar' });
    renderPage(
      <>
        <CreatedLabel createdAt="2026-11-22T01:00:00Z" now={now} />
        <CreatedLabel createdAt="2026-11-20T09:00:00Z" now={now} />
        <CreatedLabel createdAt="2026-11-19T09:00:00Z" now={now} />
        <CreatedLabel createdAt="2026-11-10T09:00:00Z" now={now} />
      </>,
    );
    expect(screen.getAllByTestId('created-label').map((e) => e.textContent)).toEqual([
      'اليوم',
      'منذ يومين',
      'منذ ٣ أيام',
      'منذ ١٢ يومًا',
    ]);
  });
});
