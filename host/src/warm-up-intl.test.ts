import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './warm-up-intl.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = '';
});

/** Resolves after one more task (a timer queued now runs after the timers already queued). */
const aTaskLater = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('warming up Intl while the page loads', () => {
  it('makes a locale, a number format and a date format in the page language, one per task, none at once', async () => {
    document.documentElement.lang = 'ar';
    const locales = vi.spyOn(Intl, 'Locale');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    warmUpIntl();
    expect(locales).not.toHaveBeenCalled();
    await aTaskLater();
    expect(locales).toHaveBeenCalledWith('ar-QA');
    expect(numbers).not.toHaveBeenCalled();
    await aTaskLater();
    expect(numbers).toHaveBeenCalledWith('ar-QA');
    expect(dates).not.toHaveBeenCalled();
    await aTaskLater();
    expect(dates).toHaveBeenCalledWith('ar-QA', expect.objectContaining({ timeZone: 'Asia/Qatar' }));
  });

  it('goes on, without an error, when one of them is missing', async () => {
    vi.spyOn(Intl, 'Locale').mockImplementation(function noLocale() {
      throw new TypeError('Intl.Locale is not a constructor');
    });
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    warmUpIntl();
    await aTaskLater();
    await aTaskLater();
    expect(numbers).toHaveBeenCalledWith('en-QA');
  });
});
