import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { Debrief } from '@bawaba/shared/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicProfile } from '../../locales/ar/profile.ts';
import { tender } from '../../test-utils.tsx';
import DebriefView from './DebriefView.tsx';

let debrief: Debrief;
vi.mock('@bawaba/shared/call', async (original) => ({
  ...(await original<typeof import('@bawaba/shared/call')>()),
  call: vi.fn(async () => debrief),
}));

const scores = (technical: number, price: number, final: number, rank: number) => ({
  technicalScore: technical,
  priceScore: price,
  finalScore: final,
  rank,
});
const LOST: Debrief = {
  tenderId: 12,
  proposalId: 5,
  method: 'weighted',
  isWinner: false,
  technicalPassed: true,
  passMark: 60,
  notResponsiveReason: null,
  mine: scores(72.5, 20, 70.75, 2),
  winner: scores(85, 30, 89.5, 1),
  rankedCount: 3,
  criteria: [
    {
      criterion: 0,
      name: 'المنهجية الفنية',
      nameLang: 'ar',
      weight: 60,
      mine: 7.5,
      winner: 9,
      comments: ['Clear plan, thin on risks.', 'خطة واضحة'],
    },
    { criterion: 1, name: 'Experience', nameLang: 'en', weight: 40, mine: 7, winner: 7.5, comments: [] },
  ],
};

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <DebriefView tender={tender({ state: 'standstill' })} />
      </MemoryRouter>
    </AppProviders>,
  );

afterEach(() => {
  cleanup();
  useSessionStore.setState({ language: 'en' });
});

describe("a bidder's debrief", () => {
  it('shows their rank, pass, each criterion against the winner with the comments, and the totals (English)', async () => {
    await i18n.loadAndActivate({ locale: 'en', messages: {} });
    debrief = LOST;
    show();
    expect((await screen.findByTestId('debrief-outcome')).textContent).toBe(
      'The award went to another proposal.',
    );
    expect(screen.getByTestId('debrief-rank').textContent).toBe('Your rank: 2 of 3.');
    expect(screen.getByTestId('debrief-technical').textContent).toContain('pass mark 60');
    const [first, second] = screen.getAllByTestId('debrief-criterion');
    expect(within(first!).getByTestId('debrief-mine').textContent).toBe('7.5');
    expect(within(first!).getByTestId('debrief-winner').textContent).toBe('9');
    // The criterion's name is marked with its language; the comments take their own direction.
    expect(within(first!).getByText('المنهجية الفنية').getAttribute('dir')).toBe('rtl');
    expect(within(first!).getByText('خطة واضحة').getAttribute('dir')).toBe('auto');
    expect(within(second!).getByText('Experience')).toBeTruthy();
    expect(screen.getByTestId('debrief-totals').textContent).toContain(
      "Final score: yours 70.75, the winner's 89.5.",
    );
  });

  it('in Arabic: a failed proposal is told its price was not opened, and why it was marked not responsive', async () => {
    await i18n.loadAndActivate({ locale: 'ar', messages: arabicProfile });
    useSessionStore.setState({ language: 'ar' });
    debrief = {
      ...LOST,
      technicalPassed: false,
      notResponsiveReason: 'No trade licence',
      mine: { technicalScore: 40, priceScore: null, finalScore: null, rank: null },
    };
    show();
    expect((await screen.findByTestId('debrief-outcome')).textContent).toBe('رُسيت المناقصة على عرض آخر.');
    expect(screen.queryByTestId('debrief-rank')).toBeNull();
    expect(screen.getByTestId('debrief-technical').textContent).toContain('لم يُفتح سعره');
    expect(screen.getByTestId('debrief-not-responsive').textContent).toContain('No trade licence');
  });
});
