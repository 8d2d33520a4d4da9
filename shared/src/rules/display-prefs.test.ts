import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatNumber } from '../format/index.ts';
import { displayPrefs, readDisplayPrefs, setDisplayPrefs, subscribeDisplayPrefs } from './display-prefs.ts';
import { formatMoney } from './money.ts';

afterEach(() => {
  setDisplayPrefs({ digits: 'auto', dateOrder: 'gregorian_first' });
  localStorage.clear();
});

describe('the digits a reader chose', () => {
  it('follow the language by default: Arabic-Indic in Arabic, Latin in English', () => {
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatMoney(1500, 'en')).toBe('QAR\u00a01,500.00');
  });

  it('Latin everywhere: money, numbers and dates on Arabic pages', () => {
    setDisplayPrefs({ digits: 'latn' });
    expect(formatMoney(1500, 'ar')).toBe('1,500.00 ريال قطري');
    expect(formatNumber(1234, 'ar')).toBe('1,234');
    expect(formatDate('2026-02-18T09:00:00Z', 'ar')).toBe('18/02/2026');
  });

  it('Arabic-Indic everywhere: English pages too', () => {
    setDisplayPrefs({ digits: 'arab' });
    expect(formatNumber(1234, 'en')).toBe('١٬٢٣٤');
    expect(formatDate('2026-02-18T09:00:00Z', 'en')).toBe('١٨/٠٢/٢٠٢٦');
  });

  it('are kept in the browser and told to every subscriber', () => {
    const heard = vi.fn();
    const stop = subscribeDisplayPrefs(heard);
    setDisplayPrefs({ dateOrder: 'hijri_first' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('displayPrefs') ?? '{}')).toEqual({
      digits: 'auto',
      dateOrder: 'hijri_first',
    });
    expect(displayPrefs().dateOrder).toBe('hijri_first');
    stop();
  });

  it('ignore anything stored that is not a choice', () => {
    expect(readDisplayPrefs({ digits: 'roman', dateOrder: 42 })).toEqual({
      digits: 'auto',
      dateOrder: 'gregorian_first',
    });
    expect(readDisplayPrefs(null)).toEqual({ digits: 'auto', dateOrder: 'gregorian_first' });
  });
});
