import { i18n, useSessionStore } from '@bawaba/shared';
import type { Objection } from '@bawaba/shared/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../../locales/ar/workspace.ts';
import { renderPage, tender } from '../../../test-utils.tsx';
import DecisionStage from './DecisionStage.tsx';

const objection: Objection = {
  id: 4,
  tenderId: 1,
  proposalId: 12,
  grounds: ['scoring_error'],
  statement: 'The price was misread',
  remedy: 'Re-evaluate',
  documents: [
    { id: '3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f', originalName: 'محضر الفتح.pdf', url: '' },
    { id: '7a1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', originalName: 'letter.pdf', url: '' },
  ],
  filedBy: { id: 3, name: 'Bidder', companyName: null, companyNameLang: null },
  filedAt: '2026-11-20T10:00:00.000Z',
  status: 'open',
  answer: null,
  answeredBy: null,
  answeredAt: null,
} as unknown as Objection;

vi.mock('./decision-stage-api.ts', () => ({
  decisionStageApi: { requests: vi.fn(async () => []), objections: vi.fn(async () => [objection]) },
}));

afterEach(cleanup);

describe("the buyer side's decision stage", () => {
  for (const language of ['en', 'ar'] as const) {
    it(`lists an objection's documents, each name in its own direction (${language})`, async () => {
      await i18n.loadAndActivate({
        locale: language,
        messages: language === 'ar' ? { ...arabicMain, ...arabicWorkspace } : {},
      });
      useSessionStore.setState({ token: 't', user: { id: 1, name: 'Owner', isAdmin: false }, language });
      renderPage(
        <DecisionStage
          tender={tender({ isOwner: true, state: 'standstill' })}
          version={0}
          onChanged={vi.fn()}
        />,
      );
      const filed = await screen.findByTestId('objection', {}, { timeout: 5000 });
      const list = within(filed).getByRole('list', { name: language === 'en' ? 'Documents' : 'المستندات' });
      const names = within(list)
        .getAllByTestId('objection-document')
        .map((b) => b.querySelector('bdi')?.textContent);
      expect(names).toEqual(['محضر الفتح.pdf', 'letter.pdf']);
    });
  }
});
