import { useSessionStore } from '@bawaba/shared';
import type { Clarification } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clarifications } from '../features/clarifications/Clarifications.tsx';
import { activateEnglish, renderPage, tender } from '../test-utils.tsx';
import { TenderCard } from './TenderCard.tsx';
import { TenderOutcomePanel } from './TenderLifecycle.tsx';

const questions: Clarification[] = [];
const asked: string[] = [];
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  listClarifications: vi.fn(async () => questions),
  listAmendments: vi.fn(async () => []),
  askQuestion: vi.fn(async (_: number, question: string) => {
    asked.push(question);
    return { id: 9, question, answer: null, askedAt: new Date().toISOString(), answeredAt: null, mine: true };
  }),
}));

afterEach(() => {
  cleanup();
  questions.length = 0;
  asked.length = 0;
  useSessionStore.setState({ token: null, user: null });
});
beforeAll(activateEnglish);

const signIn = (id: number, isAdmin = false) =>
  useSessionStore.setState({ token: 'x', user: { id, name: 'U', isAdmin } });
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

describe('tender lifecycle on the card and the page', () => {
  it('badges an ended tender and hides every bidder action after the deadline', () => {
    signIn(3);
    renderPage(<TenderCard tender={tender({ state: 'awarded', isPastDeadline: true })} />);
    expect(screen.getByTestId('tender-state').textContent).toBe('Awarded');
    expect(screen.queryByTestId('tender-actions')).toBeNull();
    cleanup();
    // An ended tender, or one whose bids are opened, no longer carries the green "Open" access marker.
    for (const state of ['awarded', 'no_award', 'cancelled', 'bids_opened'] as const) {
      renderPage(<TenderCard tender={tender({ state, status: 'open', isPastDeadline: true })} />);
      expect(screen.queryByTestId('tender-status'), state).toBeNull();
      expect(screen.queryByText('Open'), state).toBeNull();
      expect(screen.getByTestId('tender-state').getAttribute('data-state')).toBe(state);
      cleanup();
    }
    renderPage(
      <TenderCard tender={tender({ status: 'closed', state: 'bids_opened', isPastDeadline: true })} />,
    );
    expect(screen.getByTestId('tender-state').textContent).toBe('Bids opened');
    expect(screen.queryByRole('button', { name: 'Interest' })).toBeNull();
    cleanup();
    renderPage(<TenderCard tender={tender()} />);
    expect(screen.queryByTestId('tender-state')).toBeNull();
    expect(screen.getByTestId('tender-status').textContent).toBe('Open');
    expect(screen.getByRole('button', { name: 'Submit Proposal' })).toBeTruthy();
  });

  it('shows the outcome with its date and the winner, the award note only when the server sends it', () => {
    const at = '2026-11-20T10:00:00.000Z';
    renderPage(
      <TenderOutcomePanel
        tender={tender({
          state: 'awarded',
          outcome: { status: 'awarded', at, note: null, winner: { name: 'Qatar Build', nameLang: 'en' } },
        })}
      />,
    );
    expect(screen.getByTestId('tender-outcome').textContent).toContain('Awarded on');
    expect(screen.getByTestId('tender-winner').textContent).toBe('Awarded to Qatar Build');
    expect(screen.queryByTestId('tender-outcome-note')).toBeNull();
    cleanup();
    // An Arabic-only company name inside the English page is marked Arabic; a person's name keeps its own direction.
    for (const [winner, lang, dir] of [
      [{ name: 'قطر للبناء', nameLang: 'ar' as const }, 'ar', 'rtl'],
      [{ name: 'Mariam Al-Kuwari', nameLang: null }, null, 'auto'],
    ] as const) {
      renderPage(
        <TenderOutcomePanel
          tender={tender({ state: 'awarded', outcome: { status: 'awarded', at, note: null, winner } })}
        />,
      );
      const name = screen.getByTestId('tender-winner-name');
      expect(name.textContent).toBe(winner.name);
      expect(name.getAttribute('lang')).toBe(lang);
      expect(name.getAttribute('dir')).toBe(dir);
      cleanup();
    }
    renderPage(
      <TenderOutcomePanel
        tender={tender({
          state: 'cancelled',
          outcome: { status: 'cancelled', at, note: 'Postponed', winner: null },
        })}
      />,
    );
    expect(screen.getByTestId('tender-outcome').textContent).toContain('Cancelled on');
    expect(screen.getByTestId('tender-outcome-note').textContent).toBe('Reason: Postponed');
  });
});

describe('questions and answers', () => {
  it('lets a signed-in bidder ask before the cut-off, and sends the question', async () => {
    signIn(3);
    renderPage(<Clarifications tender={tender({ deadline: inDays(10), clarificationCutoff: null })} />);
    const box = await screen.findByRole('textbox', { name: /Your question/ });
    fireEvent.change(box, { target: { value: 'Is parking included?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(asked).toEqual(['Is parking included?']));
  });

  it('offers no form to the owner, an admin, a visitor, or anyone after the cut-off', async () => {
    for (const [viewer, patch] of [
      [{ id: 7, isAdmin: false }, {}],
      [{ id: 1, isAdmin: true }, {}],
      [null, {}],
      [
        { id: 3, isAdmin: false },
        { deadline: inDays(2), clarificationCutoff: null },
      ],
      [{ id: 3, isAdmin: false }, { state: 'cancelled' as const }],
    ] as const) {
      if (viewer) signIn(viewer.id, viewer.isAdmin);
      else useSessionStore.setState({ token: null, user: null });
      renderPage(<Clarifications tender={tender({ deadline: inDays(10), ...patch }, viewer)} />);
      await screen.findByTestId('clarifications');
      expect(screen.queryByTestId('ask-form')).toBeNull();
      cleanup();
    }
    signIn(3);
    renderPage(<Clarifications tender={tender({ deadline: inDays(2), clarificationCutoff: null })} />);
    expect(screen.getByTestId('clarification-cutoff').textContent).toBe(
      'The period for questions has ended.',
    );
  });

  it('shows answers without any asker, marks the own question, and gives the owner an answer form', async () => {
    questions.push(
      { id: 1, question: 'Q1', answer: 'A1', askedAt: inDays(-2), answeredAt: inDays(-1), mine: false },
      { id: 2, question: 'Q2', answer: null, askedAt: inDays(-1), answeredAt: null, mine: true },
    );
    signIn(3);
    renderPage(<Clarifications tender={tender({ deadline: inDays(10) })} />);
    const items = await screen.findAllByTestId('clarification');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('A1');
    expect(items[1]!.textContent).toContain('Your question');
    expect(items[1]!.textContent).toContain('Awaiting answer');
    expect(screen.queryByTestId('answer-form')).toBeNull();
    cleanup();
    signIn(7);
    renderPage(<Clarifications tender={tender({ isOwner: true, deadline: inDays(10) })} />);
    await screen.findAllByTestId('clarification');
    expect(screen.getAllByTestId('answer-form')).toHaveLength(1);
  });
});
