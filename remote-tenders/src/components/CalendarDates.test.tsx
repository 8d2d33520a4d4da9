import { i18n, useSessionStore } from '@bawaba/shared';
import { setDisplayPrefs } from '@bawaba/shared/rules';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateEnglish, renderPage } from '../test-utils.tsx';
import { AmountWords } from './AmountWords.tsx';
import { CalendarDate, DeadlineAt } from './CalendarDates.tsx';

/** 1 Ramadan 1447 = 18 February 2026 (Umm al-Qura), 13:00 in Qatar. */
const DAY = '2026-02-18T10:00:00.000Z';

async function arabic() {
  const { messages } = await import('../locales/ar/messages.ts');
  i18n.load('ar', messages);
  i18n.activate('ar');
  useSessionStore.setState({ language: 'ar' });
}

afterEach(async () => {
  cleanup();
  setDisplayPrefs({ digits: 'auto', dateOrder: 'gregorian_first' });
  useSessionStore.setState({ language: 'en' });
  await activateEnglish();
});

describe('dates in both calendars', () => {
  it('in Arabic, the Hijri date beside the Gregorian one, in the order and digits the reader chose', async () => {
    await arabic();
    renderPage(<CalendarDate value={DAY} />);
    expect((await screen.findByTestId('calendar-date')).textContent).toBe('١٨/٠٢/٢٠٢٦ (١ رمضان ١٤٤٧ هـ)');
    act(() => {
      setDisplayPrefs({ dateOrder: 'hijri_first' });
    });
    expect(screen.getByTestId('calendar-date').textContent).toBe('١ رمضان ١٤٤٧ هـ (١٨/٠٢/٢٠٢٦)');
    act(() => {
      setDisplayPrefs({ digits: 'latn' });
    });
    expect(screen.getByTestId('calendar-date').textContent).toBe('1 رمضان 1447 هـ (18/02/2026)');
  });

  it('in English, the Gregorian date alone; a deadline says its time is Qatar time', async () => {
    renderPage(<DeadlineAt value={DAY} />);
    expect(screen.getByTestId('deadline-at').textContent).toBe('18/02/2026 13:00 Qatar time (UTC+3)');
    expect(screen.queryByTestId('calendar-date')).toBeNull();
  });

  it('an Arabic deadline: both calendars, the Qatar time in Arabic', async () => {
    await arabic();
    renderPage(<DeadlineAt value={DAY} />);
    await screen.findByTestId('calendar-date');
    expect(screen.getByTestId('deadline-at').textContent).toBe(
      '١٨/٠٢/٢٠٢٦ (١ رمضان ١٤٤٧ هـ) ١٣:٠٠ بتوقيت قطر (UTC+3)',
    );
  });
});

describe('amounts in words', () => {
  it("in the page's language", async () => {
    renderPage(<AmountWords amount={150000.5} />);
    expect(screen.getByTestId('amount-words').textContent).toBe(
      'One hundred and fifty thousand Qatari riyals and fifty dirhams only',
    );
    cleanup();
    await arabic();
    renderPage(<AmountWords amount={150000.5} />);
    expect(screen.getByTestId('amount-words').textContent).toBe(
      'فقط مائة وخمسون ألف ريال قطري وخمسون درهمًا لا غير',
    );
  });
});
