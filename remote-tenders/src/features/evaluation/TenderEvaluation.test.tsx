import { i18n, useSessionStore } from '@bawaba/shared';
import { type Evaluation, LOWEST_PRICE } from '@bawaba/shared/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as arabicProfile } from '../../locales/ar/profile.ts';
import { activateEnglish, renderPage } from '../../test-utils.tsx';
import { TenderEvaluation } from './TenderEvaluation.tsx';

afterEach(() => {
  cleanup();
  useSessionStore.setState({ language: 'en' });
});

const weighted: Evaluation = {
  method: 'weighted',
  envelopes: 2,
  criteria: [
    {
      nameEn: 'Technical approach',
      nameAr: 'المنهجية الفنية',
      descriptionEn: 'How the works are planned',
      descriptionAr: null,
      weight: 60,
    },
    { nameEn: null, nameAr: 'الخبرة', descriptionEn: null, descriptionAr: 'مشاريع مماثلة', weight: 40 },
  ],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 65,
  bestAndFinalOffer: false,
};

const names = () =>
  screen
    .getAllByTestId('criterion-name')
    .map((n) => [n.textContent, n.getAttribute('lang'), n.getAttribute('dir')]);

describe("the tender page's evaluation section", () => {
  it('shows the lowest price in one envelope without criteria', async () => {
    await activateEnglish();
    renderPage(<TenderEvaluation evaluation={LOWEST_PRICE} />);
    expect(screen.getByTestId('evaluation-method').textContent).toBe(
      'Lowest price: the cheapest responsive proposal wins.',
    );
    expect(screen.getByTestId('evaluation-envelopes').textContent).toBe(
      'One envelope: the technical and financial parts are opened together.',
    );
    expect(screen.queryByTestId('evaluation-criteria')).toBeNull();
  });

  it("shows each criterion in the reader's language, else the other, marked with its language (English)", async () => {
    await activateEnglish();
    renderPage(<TenderEvaluation evaluation={weighted} />);
    expect(screen.getByRole('heading', { name: 'Evaluation' })).toBeTruthy();
    expect(screen.getByTestId('evaluation-envelopes').textContent).toContain('Two envelopes');
    expect(screen.getByTestId('evaluation-split').textContent).toBe(
      'Final score: technical 70%, financial 30%. A proposal needs a technical score of at least 65 out of 100.',
    );
    expect(names()).toEqual([
      ['Technical approach', 'en', 'ltr'],
      ['الخبرة', 'ar', 'rtl'],
    ]);
    expect(screen.getAllByTestId('criterion-weight').map((w) => w.textContent)).toEqual(['60%', '40%']);
    expect(screen.getByText('مشاريع مماثلة').getAttribute('dir')).toBe('rtl');
  });

  it('in Arabic: the texts in Arabic, Arabic versions first, an English-only text marked left to right', async () => {
    await i18n.loadAndActivate({ locale: 'ar', messages: arabicProfile });
    useSessionStore.setState({ language: 'ar' });
    renderPage(<TenderEvaluation evaluation={weighted} />);
    expect(screen.getByRole('heading', { name: 'التقييم' })).toBeTruthy();
    expect(screen.getByTestId('evaluation-method').textContent).toBe(
      'معايير مرجّحة: تحسم الدرجتان الفنية والمالية معًا.',
    );
    expect(names()).toEqual([
      ['المنهجية الفنية', 'ar', 'rtl'],
      ['الخبرة', 'ar', 'rtl'],
    ]);
    expect(screen.getByText('How the works are planned').getAttribute('dir')).toBe('ltr');
    expect(screen.getAllByTestId('criterion-weight').map((w) => w.textContent)).toEqual(['٦٠٪', '٤٠٪']);
  });

  it('says when a best-and-final-offer round may be held, in English and Arabic, and not otherwise', async () => {
    await activateEnglish();
    const page = renderPage(<TenderEvaluation evaluation={{ ...LOWEST_PRICE, bestAndFinalOffer: true }} />);
    expect(screen.getByTestId('evaluation-bafo').textContent).toMatch(
      /^A best-and-final-offer round may be held/,
    );
    page.unmount();
    renderPage(<TenderEvaluation evaluation={weighted} />);
    expect(screen.queryByTestId('evaluation-bafo')).toBeNull();
    cleanup();
    await i18n.loadAndActivate({ locale: 'ar', messages: arabicProfile });
    useSessionStore.setState({ language: 'ar' });
    renderPage(<TenderEvaluation evaluation={{ ...weighted, bestAndFinalOffer: true }} />);
    expect(screen.getByTestId('evaluation-bafo').textContent).toMatch(/^يجوز عقد جولة للعرض الأفضل والنهائي/);
  });
});
