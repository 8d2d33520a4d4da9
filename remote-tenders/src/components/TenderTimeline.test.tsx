import { useSessionStore } from '@bawaba/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderPage } from '../test-utils.tsx';
import { TenderTimeline } from './TenderTimeline.tsx';

beforeAll(activateEnglish);
afterEach(() => {
  cleanup();
  useSessionStore.setState({ language: 'en' });
});

const now = new Date('2027-03-10T09:00:00Z');
const tender = {
  publish_date: '2027-03-01T00:00:00Z',
  deadline: '2027-03-13T09:00:00Z',
  start_date: '2027-04-01T00:00:00Z',
  end_date: null,
};

describe('TenderTimeline', () => {
  it('lists the known dates in order, marks the past ones done and says how long is left to the deadline', () => {
    renderPage(<TenderTimeline tender={tender} now={now} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-testid'))).toEqual([
      'timeline-publish',
      'timeline-deadline',
      'timeline-start',
    ]);
    expect(items.map((item) => item.getAttribute('data-done'))).toEqual(['true', 'false', 'false']);
    expect(screen.getByTestId('timeline-deadline').textContent).toContain('in 3 days');
  });

  it('says nothing about time left once the deadline has passed, and nothing at all without dates', () => {
    const { unmount } = renderPage(<TenderTimeline tender={tender} now={new Date('2027-03-20T00:00:00Z')} />);
    expect(screen.getByTestId('timeline-deadline').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('timeline-deadline').textContent).not.toMatch(/in \d+ days|ago/);
    unmount();
    renderPage(
      <TenderTimeline
        tender={{ publish_date: null, deadline: null, start_date: null, end_date: null }}
        now={now}
      />,
    );
    expect(screen.queryByTestId('tender-timeline')).toBeNull();
  });

  it('counts Qatar calendar days to the deadline, not 24-hour periods, in English and Arabic', () => {
    // Qatar is UTC+3: 20:00Z is 23:00 in Doha.
    const late = new Date('2027-03-10T20:00:00Z');
    const cases: [string, Date, string, string][] = [
      // 23:59 tonight in Doha: today, not tomorrow.
      ['2027-03-10T20:59:00Z', late, 'today', 'اليوم'],
      // 00:30 after midnight in Doha: tomorrow, though under an hour away.
      ['2027-03-10T21:30:00Z', late, 'tomorrow', 'غدًا'],
      // From 00:01 on the 10th to 23:00 on the 12th in Doha: in 2 days, not 3.
      ['2027-03-12T20:00:00Z', new Date('2027-03-09T21:01:00Z'), 'in 2 days', 'بعد الغد'],
    ];
    for (const [deadline, now, en, ar] of cases) {
      for (const [language, text] of [
        ['en', en],
        ['ar', ar],
      ] as const) {
        useSessionStore.setState({ language });
        const { unmount } = renderPage(<TenderTimeline tender={{ ...tender, deadline }} now={now} />);
        expect(screen.getByTestId('timeline-deadline').textContent, `${deadline} ${language}`).toContain(
          ` · ${text}`,
        );
        unmount();
      }
    }
    // A deadline that passed earlier today is not "today".
    renderPage(<TenderTimeline tender={{ ...tender, deadline: '2027-03-10T19:00:00Z' }} now={late} />);
    expect(screen.getByTestId('timeline-deadline').textContent).not.toContain(' · ');
  });
});
