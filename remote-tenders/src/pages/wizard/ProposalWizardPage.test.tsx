import { AppProviders, i18n, MemoryRouter, Route, Routes, useSessionStore } from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../locales/ar/messages.ts';
import { messages as arabicProposal } from '../../locales/ar/proposal.ts';

/** The Arabic the page has once it is shown: the remote's catalog and the proposal pages' own. */
const arabic = { ...arabicMain, ...arabicProposal };

import { tender } from '../../test-utils.tsx';
import ProposalWizardPage from './ProposalWizard.tsx';

const tenders = new Map<number, Tender>();
vi.mock('../../api.ts', async (original) => ({
  ...(await original<typeof import('../../api.ts')>()),
  getTender: vi.fn(async (id: number) => tenders.get(id)),
  myProposals: vi.fn(async () => []),
}));

beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false }, language: 'en' });
});
afterEach(() => {
  cleanup();
  tenders.clear();
});

let nextId = 100;
/** The blocked page of the tender (a fresh id each time: the page caches what it loaded by id). */
async function blockedBy(patch: Partial<Tender>) {
  const id = nextId++;
  tenders.set(id, tender({ id, ...patch }));
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[`/submit-proposal/${id}`]}>
        <Routes>
          <Route path="/submit-proposal/:id" element={<ProposalWizardPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  const blocked = await screen.findByTestId('wizard-blocked');
  const text = blocked.querySelector('[data-part="content"]')?.textContent ?? blocked.textContent ?? '';
  cleanup();
  return { reason: blocked.getAttribute('data-reason'), text };
}

const PAST = { isPastDeadline: true, deadline: '2026-01-01T00:00:00.000Z' };
const CASES: [string, Partial<Tender>][] = [
  ['cancelled', { state: 'cancelled' }],
  ['cancelled', { state: 'cancelled', ...PAST }],
  ['awarded', { state: 'awarded', ...PAST }],
  ['no_award', { state: 'no_award', ...PAST }],
  ['deadline', { state: 'bids_opened', ...PAST }],
  ['interest', { status: 'closed' }],
  ['owner', { isOwner: true, ownerId: 3 }],
];

describe('proposal wizard: why the form is not offered', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`names each reason in its own words (${language}); a past deadline or a cancellation is not "your own tender"`, async () => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      const seen = new Map<string, string>();
      for (const [reason, patch] of CASES) {
        const shown = await blockedBy(patch);
        if (reason !== 'owner')
          expect(shown.text, JSON.stringify(patch)).not.toContain(
            language === 'en' ? 'This is your tender' : 'هذه مناقصتك',
          );
        expect(shown.reason, JSON.stringify(patch)).toBe(reason);
        if (seen.has(reason)) expect(shown.text).toBe(seen.get(reason));
        seen.set(reason, shown.text);
      }
      const texts = [...seen.values()];
      expect(new Set(texts).size).toBe(texts.length);
      const own = seen.get('owner')!;
      expect(own).toContain(language === 'en' ? 'This is your tender' : 'هذه مناقصتك');
      expect(seen.get('cancelled')).toContain(language === 'en' ? 'Tender cancelled' : 'أُلغيت المناقصة');
      expect(seen.get('deadline')).toContain(language === 'en' ? 'Deadline passed' : 'انتهى الموعد النهائي');
      if (language === 'ar') for (const text of texts) expect(text).not.toMatch(/[A-Za-z]{3}/);
    });
  }
});
