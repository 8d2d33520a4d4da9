import { i18n, notify, usePopupStore, useSessionStore } from '@bawaba/shared';
import {
  type Panel,
  TENDER_ACTIONS,
  type Tender,
  type TenderAction,
  type TenderCan,
} from '@bawaba/shared/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../../locales/ar/workspace.ts';
import { renderPage, tender } from '../../../test-utils.tsx';
import PanelSection from './PanelSection.tsx';
import { panelApi } from './panel-api.ts';

let answer: Panel;
vi.mock('./panel-api.ts', () => ({
  panelApi: {
    panel: vi.fn(async () => answer),
    members: vi.fn(async () => ({
      members: [
        { userId: 1, name: 'Khalid', email: 'k@x.qa', roles: ['admin', 'buyer'], joinedAt: '', isYou: true },
        { userId: 2, name: 'ليلى حداد', email: 'l@x.qa', roles: ['viewer'], joinedAt: '', isYou: false },
        { userId: 3, name: 'Omar', email: 'o@x.qa', roles: ['buyer'], joinedAt: '', isYou: false },
      ],
      yourRoles: ['admin', 'buyer'],
    })),
    appoint: vi.fn(async () => answer),
    declare: vi.fn(async () => answer),
    saveScores: vi.fn(async () => answer),
    submit: vi.fn(async () => answer),
    revisit: vi.fn(async () => answer),
    lock: vi.fn(async () => answer),
  },
}));
vi.spyOn(notify, 'success').mockImplementation(() => undefined);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  usePopupStore.setState({ queue: [] });
});

const WEIGHTED = {
  method: 'weighted',
  envelopes: 2,
  criteria: [
    { nameEn: 'Method', nameAr: 'المنهجية', descriptionEn: null, descriptionAr: null, weight: 60 },
    { nameEn: 'Team', nameAr: null, descriptionEn: null, descriptionAr: null, weight: 40 },
  ],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 60,
  bestAndFinalOffer: false,
} as Tender['evaluation'];

const BIDDERS = [
  {
    proposalId: 21,
    name: 'Person',
    companyName: 'شركة الدوحة',
    companyNameLang: 'ar' as const,
    scored: true,
  },
  { proposalId: 22, name: 'Sara Ali', companyName: null, companyNameLang: null, scored: true },
];
const EMPTY: Panel = {
  tenderId: 12,
  chairId: null,
  members: [],
  me: null,
  bidders: null,
  myScores: [],
  scoresHidden: true,
  scores: [],
  spread: null,
  lockedAt: null,
  results: null,
};
const member = (userId: number, name: string, patch: Partial<Panel['members'][number]> = {}) => ({
  userId,
  name,
  isChair: false,
  declaration: 'signed' as const,
  declaredAt: null,
  declineReason: null,
  submittedAt: null,
  ...patch,
});

/** A tender whose bids are open, weighted, the caller allowed exactly `allowed`. */
const tenderAllowing = (...allowed: TenderAction[]) =>
  tender({
    state: 'bids_opened',
    isPastDeadline: true,
    evaluation: WEIGHTED,
    can: Object.fromEntries(TENDER_ACTIONS.map((a) => [a, allowed.includes(a)])) as TenderCan,
  });

async function inLanguage(language: 'en' | 'ar') {
  await i18n.loadAndActivate({
    locale: language,
    messages: language === 'ar' ? { ...arabicMain, ...arabicWorkspace } : {},
  });
  useSessionStore.setState({
    token: 't',
    user: { id: 1, name: 'Khalid', isAdmin: false, activeCompanyId: 4 },
    language,
  });
}

const show = (t: Tender) => renderPage(<PanelSection tender={t} version={0} onChanged={vi.fn()} />);
const LOADED = { timeout: 5000 };

describe('the evaluation panel', () => {
  for (const language of ['en', 'ar'] as const) {
    const en = language === 'en';

    it(`lets the buyer side appoint evaluators among the company's members and choose the chair (${language})`, async () => {
      await inLanguage(language);
      answer = EMPTY;
      show(tenderAllowing('appointPanel'));
      expect((await screen.findByTestId('panel-empty', {}, LOADED)).textContent).toBe(
        en ? 'No panel appointed yet.' : 'لم تُعيَّن لجنة بعد.',
      );
      fireEvent.click(screen.getByRole('button', { name: en ? 'Appoint the panel' : 'تعيين اللجنة' }));
      const form = await screen.findByTestId('appoint-panel-form');
      const candidates = await within(form).findAllByRole('checkbox', {}, LOADED);
      expect(candidates).toHaveLength(3);
      // A member's name as they wrote it, in its own direction.
      expect(within(form).getByText('ليلى حداد').getAttribute('dir')).toBe('auto');
      fireEvent.click(within(form).getByText('ليلى حداد'));
      fireEvent.click(within(form).getByText('Omar'));
      await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(3));
      fireEvent.change(screen.getByTestId('panel-chair'), { target: { value: '3' } });
      fireEvent.click(within(form).getByRole('button', { name: en ? 'Appoint the panel' : 'تعيين اللجنة' }));
      await waitFor(() =>
        expect(panelApi.appoint).toHaveBeenCalledWith(12, { evaluatorIds: [1, 2, 3], chairId: 3 }),
      );
    });

    it(`shows an evaluator the bidders to declare against, and signs or declines with a reason (${language})`, async () => {
      await inLanguage(language);
      answer = {
        ...EMPTY,
        chairId: 3,
        members: [member(1, 'Khalid', { declaration: 'pending' }), member(3, 'Omar', { isChair: true })],
        me: { chair: false, declaration: 'pending', submitted: false },
        bidders: BIDDERS,
      };
      show(tenderAllowing('signDeclaration'));
      const declaration = await screen.findByTestId('panel-declaration', {}, LOADED);
      const [company, person] = within(declaration).getAllByTestId('bidder-name');
      expect([company!.textContent, company!.getAttribute('lang'), company!.getAttribute('dir')]).toEqual([
        'شركة الدوحة',
        'ar',
        'rtl',
      ]);
      expect([person!.textContent, person!.getAttribute('dir')]).toEqual(['Sara Ali', 'auto']);
      expect(screen.queryByTestId('scoring-sheet')).toBeNull();
      fireEvent.click(
        within(declaration).getByRole('button', {
          name: en ? 'I have no conflict of interest: sign' : 'ليس لدي تعارض في المصالح: توقيع',
        }),
      );
      await waitFor(() => expect(panelApi.declare).toHaveBeenCalledWith(12, { decision: 'sign' }));

      fireEvent.click(within(declaration).getByRole('button', { name: en ? 'Decline' : 'اعتذار' }));
      const reason = within(await screen.findByTestId('decline-declaration-form')).getByRole('textbox');
      fireEvent.change(reason, { target: { value: 'My brother works for Sara Ali' } });
      fireEvent.click(
        screen.getByRole('button', { name: en ? 'Decline the declaration' : 'الاعتذار عن الإقرار' }),
      );
      await waitFor(() =>
        expect(panelApi.declare).toHaveBeenLastCalledWith(12, {
          decision: 'decline',
          reason: 'My brother works for Sara Ali',
        }),
      );
    });

    it(`lets a signed evaluator score each proposal × criterion, save a draft and submit (${language})`, async () => {
      await inLanguage(language);
      answer = {
        ...EMPTY,
        chairId: 3,
        members: [member(1, 'Khalid'), member(3, 'Omar', { isChair: true })],
        me: { chair: false, declaration: 'signed', submitted: false },
        // A proposal marked not responsive is not scored: the sheet leaves it out of its cards and its count.
        bidders: [
          ...BIDDERS,
          { proposalId: 23, name: 'Out', companyName: null, companyNameLang: null, scored: false },
        ],
        myScores: [
          {
            evaluatorId: 1,
            proposalId: 21,
            criterion: 0,
            score: 4,
            comment: 'Thin',
            revisit: { reason: 'النطاق مذكور في الملحق', requestedAt: '2026-11-25T10:00:00.000Z' },
          },
        ],
      };
      show(tenderAllowing('scoreProposals'));
      const sheet = await screen.findByTestId('scoring-sheet', {}, LOADED);
      // The criterion in the reader's language, else the other, marked with the language it is in.
      const first = within(sheet).getAllByTestId('score-cell')[0]!;
      expect(
        within(first)
          .getByText(en ? 'Method' : 'المنهجية')
          .getAttribute('lang'),
      ).toBe(language);
      expect(within(sheet).getAllByText('Team')[0]!.getAttribute('lang')).toBe('en');
      // The chair's request to look again, its reason in its own direction.
      const revisit = within(sheet).getByTestId('revisit-reason');
      expect(revisit.textContent).toBe(
        en
          ? 'The chair asks you to look at this score again: النطاق مذكور في الملحق'
          : 'يطلب منك الرئيس إعادة النظر في هذه الدرجة: النطاق مذكور في الملحق',
      );
      expect(revisit.querySelector('bdi')?.getAttribute('dir')).toBe('auto');

      const submit = within(sheet).getByTestId('submit-scores');
      expect(within(sheet).getByTestId('scores-left').textContent).toBe(
        en ? '3 scores still to give.' : 'بقيت ٣ درجات.',
      );
      expect(within(sheet).getAllByTestId('proposal-scores')).toHaveLength(2);
      const [proposal21, proposal22] = within(sheet).getAllByTestId('proposal-scores');
      const fill = (card: HTMLElement, criterion: number, score: string, comment: string) => {
        const cell = within(card).getAllByTestId('score-cell')[criterion]!;
        fireEvent.change(within(cell).getByTestId('score-input'), { target: { value: score } });
        fireEvent.change(within(cell).getByTestId('score-comment'), { target: { value: comment } });
      };
      fill(proposal21!, 0, '6', 'Read the annex');
      fill(proposal21!, 1, '8', 'Strong team');
      fireEvent.click(within(proposal21!).getByTestId('save-scores'));
      await waitFor(() =>
        expect(panelApi.saveScores).toHaveBeenCalledWith(12, 21, {
          scores: [
            { criterion: 0, score: 6, comment: 'Read the annex' },
            { criterion: 1, score: 8, comment: 'Strong team' },
          ],
        }),
      );
      fill(proposal22!, 0, '5', 'Average');
      fill(proposal22!, 1, '10', 'خبرة واسعة');
      expect(within(proposal22!).getAllByTestId('score-comment')[1]!.getAttribute('dir')).toBe('auto');
      await waitFor(() => expect(within(sheet).queryByTestId('scores-left')).toBeNull());
      fireEvent.click(submit);
      await waitFor(() => expect(panelApi.submit).toHaveBeenCalledWith(12));
    });

    it(`shows the chair the spread, asks to revisit with a reason and locks the technical stage (${language})`, async () => {
      await inLanguage(language);
      answer = {
        ...EMPTY,
        chairId: 3,
        members: [member(1, 'Khalid', { submittedAt: '2026-11-25T10:00:00.000Z' }), member(3, 'Omar')],
        me: { chair: true, declaration: 'signed', submitted: true },
        bidders: BIDDERS,
        scoresHidden: false,
        spread: [
          {
            proposalId: 21,
            criterion: 0,
            min: 4,
            max: 9,
            scores: [
              { evaluatorId: 1, score: 4, comment: 'Thin' },
              { evaluatorId: 3, score: 9, comment: 'منهجية واضحة' },
            ],
          },
        ],
      };
      show(tenderAllowing('requestRevisit', 'lockTechnical'));
      const spread = await screen.findByTestId('chair-spread', {}, LOADED);
      expect(within(spread).getAllByTestId('spread-range')[0]!.textContent).toBe(en ? '4–9' : '٤–٩');
      expect(within(spread).getByText('منهجية واضحة').getAttribute('dir')).toBe('auto');
      fireEvent.click(
        within(spread).getAllByRole('button', { name: en ? 'Ask to revisit' : 'طلب إعادة النظر' })[0]!,
      );
      const form = await screen.findByTestId('revisit-form');
      fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'See the annex' } });
      fireEvent.click(within(form).getByRole('button', { name: en ? 'Ask to revisit' : 'طلب إعادة النظر' }));
      await waitFor(() =>
        expect(panelApi.revisit).toHaveBeenCalledWith(12, {
          evaluatorId: 1,
          proposalId: 21,
          criterion: 0,
          reason: 'See the annex',
        }),
      );

      fireEvent.click(
        screen.getByRole('button', { name: en ? 'Lock the technical stage' : 'إقفال المرحلة الفنية' }),
      );
      await waitFor(() =>
        expect(usePopupStore.getState().queue[0]?.title).toBe(
          en ? 'Lock the technical stage?' : 'إقفال المرحلة الفنية؟',
        ),
      );
      expect(panelApi.lock).not.toHaveBeenCalled();
      usePopupStore.getState().close(usePopupStore.getState().queue[0]!.id, true);
      await waitFor(() => expect(panelApi.lock).toHaveBeenCalledWith(12));
    });

    it(`shows the results after the lock, and no control the tender does not allow (${language})`, async () => {
      await inLanguage(language);
      answer = {
        ...EMPTY,
        chairId: 3,
        members: [member(3, 'Omar', { isChair: true, submittedAt: '2026-11-25T10:00:00.000Z' })],
        bidders: BIDDERS,
        scoresHidden: false,
        lockedAt: '2026-11-26T10:00:00.000Z',
        results: {
          lockedAt: '2026-11-26T10:00:00.000Z',
          lockedBy: null,
          passMark: 60,
          proposals: [
            {
              proposalId: 21,
              bidder: BIDDERS[0]!,
              criteria: [],
              technicalScore: 82.5,
              technicalPassed: true,
              priceScore: 30,
              finalScore: 87.75,
              rank: 1,
            },
            {
              proposalId: 22,
              bidder: BIDDERS[1]!,
              criteria: [],
              technicalScore: 41,
              technicalPassed: false,
              priceScore: null,
              finalScore: null,
              rank: null,
            },
          ],
        },
      };
      show(tenderAllowing());
      const results = await screen.findByTestId('panel-results', {}, LOADED);
      const [winner, failed] = within(results).getAllByTestId('result-row');
      const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);
      expect(cells(winner!)).toEqual(
        en
          ? ['1', 'شركة الدوحة', '82.5', 'Passed', '30', '87.75']
          : ['١', 'شركة الدوحة', '٨٢٫٥', 'ناجح', '٣٠', '٨٧٫٧٥'],
      );
      expect(cells(failed!)).toEqual(
        en ? ['—', 'Sara Ali', '41', 'Did not pass', '—', '—'] : ['—', 'Sara Ali', '٤١', 'لم يجتز', '—', '—'],
      );
      for (const control of [
        'appoint-panel',
        'lock-technical',
        'sign-declaration',
        'submit-scores',
        'ask-revisit',
      ])
        expect(screen.queryByTestId(control), control).toBeNull();
    });
  }

  it('keeps what the evaluator typed for another proposal when one proposal is saved (the panel reloads)', async () => {
    await inLanguage('en');
    answer = {
      ...EMPTY,
      chairId: 3,
      members: [member(1, 'Khalid'), member(3, 'Omar', { isChair: true })],
      me: { chair: false, declaration: 'signed', submitted: false },
      bidders: BIDDERS,
    };
    const t = tenderAllowing('scoreProposals');
    // As the workspace card and the tender page hold it: a write bumps the version, the panel is read again.
    function Holder() {
      const [version, setVersion] = useState(0);
      return <PanelSection tender={t} version={version} onChanged={() => setVersion((n) => n + 1)} />;
    }
    renderPage(<Holder />);
    const sheet = await screen.findByTestId('scoring-sheet', {}, LOADED);
    const [first, second] = within(sheet).getAllByTestId('proposal-scores');
    const comment = (card: HTMLElement) =>
      within(card).getAllByTestId('score-comment')[0] as HTMLTextAreaElement;
    fireEvent.change(within(first!).getAllByTestId('score-input')[0]!, { target: { value: '7' } });
    fireEvent.change(comment(first!), { target: { value: 'Clear' } });
    fireEvent.change(comment(second!), { target: { value: 'Not saved yet' } });
    fireEvent.click(within(first!).getByTestId('save-scores'));
    await waitFor(() => expect(panelApi.panel).toHaveBeenCalledTimes(2));
    const again = within(await screen.findByTestId('scoring-sheet', {}, LOADED)).getAllByTestId(
      'proposal-scores',
    );
    expect(comment(again[1]!).value).toBe('Not saved yet');
    expect(comment(again[0]!).value).toBe('Clear');
  });
});
