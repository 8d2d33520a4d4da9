import { i18n, useSessionStore } from '@bawaba/shared';
import type { ProposalVersion } from '@bawaba/shared/contracts';
import { ProposalVersionView } from '@bawaba/shared/kit/proposal-version';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as arabic } from '../../locales/ar/bidder.ts';
import { renderPage } from '../../test-utils.tsx';

const version = (actedBy: ProposalVersion['actedBy']): ProposalVersion => ({
  version: 2,
  submittedAt: '2026-11-20T10:00:00.000Z',
  actedBy,
  attachment: 'file-1',
  offer_price: 90000,
  title: 'Our offer',
  description: 'Team and plan',
  period: 90,
  currency: 'QAR',
  payment_terms: '30_days',
  milestones: [],
  breakdown: [],
  priceDocuments: [],
});

afterEach(cleanup);

describe('a proposal version names who sent it', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`the colleague and the company they sent it for (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ token: 't', user: { id: 4, name: 'Sara', isAdmin: false }, language });
      renderPage(
        <ProposalVersionView
          version={version({
            id: 4,
            name: 'Sara Al-Kuwari',
            companyName: 'قطر للبناء والمقاولات',
            companyNameLang: 'ar',
          })}
        />,
      );
      const sender = await screen.findByTestId('acted-by', {}, { timeout: 5000 });
      expect(sender.textContent).toBe('Sara Al-Kuwari (قطر للبناء والمقاولات)');
      expect(sender.parentElement?.textContent).toContain(language === 'en' ? 'by Sara' : 'من Sara');
      expect(sender.querySelector('[lang]')?.getAttribute('dir')).toBe('rtl');
    });
  }

  it('a person acting for no company by name alone; an account since deleted not at all', async () => {
    await i18n.loadAndActivate({ locale: 'en', messages: {} });
    renderPage(
      <ProposalVersionView
        version={version({ id: 5, name: 'Omar Saleh', companyName: null, companyNameLang: null })}
      />,
    );
    expect((await screen.findByTestId('acted-by', {}, { timeout: 5000 })).textContent).toBe('Omar Saleh');
    cleanup();
    renderPage(<ProposalVersionView version={version(null)} />);
    await screen.findByTestId('proposal-version', {}, { timeout: 5000 });
    expect(screen.queryByTestId('acted-by')).toBeNull();
  });
});
