import { i18n, useSessionStore } from '@bawaba/shared';
import type { Amendment } from '@bawaba/shared/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAmendments } from '../api.ts';
import { messages as arabic } from '../locales/ar/messages.ts';
import { renderPage, tender } from '../test-utils.tsx';
import { AmendmentHistory } from './AmendmentHistory.tsx';

vi.mock('../api.ts', () => ({ listAmendments: vi.fn() }));

const amendment = (number: number, actor: Amendment['actor']): Amendment => ({
  number,
  reason: 'Scope clarified',
  reasonLang: 'en',
  reasonEn: 'Scope clarified',
  reasonAr: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  changes: [{ field: 'bond', before: 0, after: 1000 }],
  deadlinePushed: false,
  actor,
});

afterEach(cleanup);

describe('the amendment history', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`names who amended and for which company when the API tells (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ token: 't', user: { id: 1, name: 'Owner', isAdmin: false }, language });
      vi.mocked(listAmendments).mockResolvedValue([
        amendment(2, {
          id: 2,
          name: 'ليلى حداد',
          companyName: 'Doha Digital Solutions',
          companyNameLang: 'en',
        }),
        amendment(1, null),
      ]);
      renderPage(<AmendmentHistory tender={tender({ amendmentCount: 2 })} />);
      const [newest, oldest] = await screen.findAllByTestId('amendment', {}, { timeout: 5000 });
      const by = newest!.querySelector('[data-testid="amendment-actor"]');
      expect(by?.textContent).toBe(
        language === 'en'
          ? 'By ليلى حداد (Doha Digital Solutions)'
          : 'أجراه ليلى حداد (Doha Digital Solutions)',
      );
      const company = by?.querySelector('[lang]');
      expect([company?.getAttribute('lang'), company?.getAttribute('dir')]).toEqual(['en', 'ltr']);
      // Not told (a bidder reading the tender): no line at all.
      expect(oldest!.querySelector('[data-testid="amendment-actor"]')).toBeNull();
    });
  }

  for (const language of ['en', 'ar'] as const) {
    it(`shows a change of the standstill as working days, not as money (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ token: 't', user: { id: 1, name: 'Owner', isAdmin: false }, language });
      vi.mocked(listAmendments).mockResolvedValue([
        { ...amendment(1, null), changes: [{ field: 'standstillDays', before: 5, after: 10 }] },
      ]);
      renderPage(<AmendmentHistory tender={tender({ amendmentCount: 1 })} />);
      const [only] = await screen.findAllByTestId('amendment', {}, { timeout: 5000 });
      expect(only!.querySelector('li')?.textContent).toBe(
        language === 'en'
          ? 'Standstill after the award (working days): 5 → 10'
          : 'فترة التوقف بعد الترسية (أيام عمل): ٥ → ١٠',
      );
    });
  }
});
