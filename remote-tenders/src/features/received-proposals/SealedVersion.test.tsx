import { i18n, useSessionStore } from '@bawaba/shared';
import type { ProposalVersion } from '@bawaba/shared/contracts';
import { ProposalVersionView } from '@bawaba/shared/kit/proposal-version';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as arabic } from '../../locales/ar/workspace.ts';
import { renderPage } from '../../test-utils.tsx';

/** A version as the API sends it to the buyer's side while its financial part is sealed: prices null. */
const sealed: ProposalVersion = {
  version: 1,
  submittedAt: '2026-11-20T10:00:00.000Z',
  actedBy: null,
  attachment: 'file-1',
  offer_price: null,
  title: 'Our offer',
  description: 'Team and plan',
  period: 90,
  currency: null,
  payment_terms: null,
  milestones: [
    {
      title: 'Works',
      description: 'All of it',
      amount: null,
      period: 90,
      documents: [],
      start_date: '2026-12-01T00:00:00.000Z',
      end_date: '2027-01-01T00:00:00.000Z',
      expected_completion_date: '2027-01-01T00:00:00.000Z',
    },
  ],
  breakdown: null,
  priceDocuments: null,
};

afterEach(cleanup);

describe('a proposal version whose financial part is sealed', () => {
  for (const [language, words] of [
    ['en', 'Sealed until the technical evaluation is locked'],
    ['ar', 'مختوم حتى اعتماد التقييم الفني'],
  ] as const) {
    it(`shows the technical part and the sealed placeholder wherever a price would be (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ token: 't', user: { id: 4, name: 'Khalid', isAdmin: false }, language });
      renderPage(<ProposalVersionView version={sealed} />);
      await screen.findByTestId('proposal-version', {}, { timeout: 5000 });
      expect(screen.getByText('Team and plan')).toBeTruthy();
      // The offer price, the payment terms, the price documents, the milestone's amount and the breakdown.
      const placeholders = screen.getAllByTestId('sealed-price');
      expect(placeholders).toHaveLength(5);
      for (const p of placeholders) expect(p.textContent).toBe(words);
    });
  }
});
