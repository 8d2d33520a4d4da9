import { i18n, useSessionStore } from '@bawaba/shared';
import type { TenderEvent } from '@bawaba/shared/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabic } from '../../../locales/ar/workspace.ts';
import { renderPage } from '../../../test-utils.tsx';
import { ownerApi } from '../../workspace/owner-api.ts';
import { HistoryList } from './HistoryList.tsx';

vi.mock('../../workspace/owner-api.ts', () => ({ ownerApi: { history: vi.fn() } }));

const at = '2026-11-20T10:00:00.000Z';
/** Created by the owner for her company (named in Arabic), sent by a person acting alone, bids opened by the system. */
const events = [
  {
    id: 1,
    action: 'created',
    fromState: 'draft',
    toState: 'draft',
    at,
    details: {},
    actor: { id: 2, name: 'Layla Haddad', companyName: 'الدوحة للحلول الرقمية', companyNameLang: 'ar' },
  },
  {
    id: 2,
    action: 'submitted',
    fromState: 'draft',
    toState: 'pending_approval',
    at,
    details: {},
    actor: { id: 3, name: 'Omar Saleh', companyName: null, companyNameLang: null },
  },
  {
    id: 3,
    action: 'bids_opened',
    fromState: 'published',
    toState: 'bids_opened',
    at,
    details: {},
    actor: null,
  },
] as TenderEvent[];

beforeEach(() => {
  vi.mocked(ownerApi.history).mockResolvedValue(events);
});
afterEach(cleanup);

describe('the tender’s history', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`names who acted and the company they acted for, marked with its language (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ token: 't', user: { id: 2, name: 'Layla', isAdmin: false }, language });
      renderPage(<HistoryList tenderId={7} version={1} />);
      const lines = await screen.findAllByTestId('history-event', {}, { timeout: 5000 });
      const [created, submitted, opened] = lines;
      expect(created!.textContent).toContain('Layla Haddad (الدوحة للحلول الرقمية)');
      expect(created!.textContent).toContain(language === 'en' ? 'Created' : 'تم الإنشاء');
      const company = created!.querySelector('[lang]');
      expect([company?.getAttribute('lang'), company?.getAttribute('dir')]).toEqual(['ar', 'rtl']);
      // A person acting for no company: their name alone.
      expect(submitted!.textContent?.trim().endsWith('Omar Saleh')).toBe(true);
      expect(submitted!.querySelector('[lang]')).toBeNull();
      expect(opened!.textContent).toContain(language === 'en' ? 'System' : 'النظام');
    });
  }
});
