import { i18n, useSessionStore } from '@bawaba/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, type TenderFilterValues, tenderQuery } from '../api.ts';
import { messages as arabic } from '../locales/ar/messages.ts';
import { renderPage } from '../test-utils.tsx';
import { TenderFilters } from './TenderFilters.tsx';

vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  listCategories: vi.fn(async () => []),
}));

afterEach(() => {
  cleanup();
  useSessionStore.setState({ language: 'en' });
});

const stageSelect = () => document.querySelector('select[name="state"]') as HTMLSelectElement;
const options = () => [...stageSelect().options].map((o) => [o.value, o.textContent]);

describe('tender filters: stage', () => {
  it('starts on the tenders still accepting proposals and offers every other stage, ended ones and all', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const onSearch = vi.fn<(filters: TenderFilterValues) => void>();
    renderPage(<TenderFilters value={DEFAULT_FILTERS} onSearch={onSearch} onClear={() => undefined} />);
    expect(stageSelect().value).toBe('published');
    expect(options()).toEqual([
      ['published', 'Accepting proposals'],
      ['bids_opened', 'Bids opened'],
      ['standstill', 'Award decided (standstill)'],
      ['awarded', 'Awarded'],
      ['no_award', 'Closed without award'],
      ['cancelled', 'Cancelled'],
      ['ended', 'Ended (awarded, no award or cancelled)'],
      ['all', 'All stages'],
    ]);
    // The default is the API's own default (not sent); another stage is sent as `state`.
    expect(tenderQuery(DEFAULT_FILTERS, 1)).not.toHaveProperty('state');
    fireEvent.change(stageSelect(), { target: { value: 'all' } });
    fireEvent.click(screen.getByTestId('filters-search'));
    const chosen = onSearch.mock.calls[0]![0];
    expect(tenderQuery(chosen, 1)).toMatchObject({ state: 'all' });
    expect(tenderQuery({ ...DEFAULT_FILTERS, state: 'ended' }, 1)).toMatchObject({ state: 'ended' });
  });

  it('names the stages in Arabic', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: arabic });
    useSessionStore.setState({ language: 'ar' });
    renderPage(
      <TenderFilters value={DEFAULT_FILTERS} onSearch={() => undefined} onClear={() => undefined} />,
    );
    expect(options().map(([, label]) => label)).toEqual([
      'تقبل العروض',
      'فُتحت العروض',
      'تقررت الترسية (فترة التوقف)',
      'تمت الترسية',
      'مغلقة دون ترسية',
      'ملغاة',
      'منتهية (مُرسّاة أو دون ترسية أو ملغاة)',
      'جميع المراحل',
    ]);
  });
});

describe('tender filters: the form and the URL', () => {
  const keyword = () => document.querySelector('input[name="q"]') as HTMLInputElement;
  /** The filters in the URL, as the list page hands them to the form; `urlShows` is the URL changing. */
  let urlShows: (value: TenderFilterValues) => void = () => undefined;
  function InTheUrl({ initial }: { initial: TenderFilterValues }) {
    const [value, setValue] = useState(initial);
    urlShows = (next) => act(() => setValue(next));
    return <TenderFilters value={value} onSearch={() => undefined} onClear={() => undefined} />;
  }
  const cooling = { ...DEFAULT_FILTERS, q: 'cooling' };

  it('keeps what was typed after Clear when the cleared URL arrives later, and follows back and forward', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    renderPage(<InTheUrl initial={cooling} />);
    expect(keyword().value).toBe('cooling');

    // Clear, then typing at once: the URL's change (a transition) commits after the typing.
    fireEvent.click(screen.getByTestId('filters-clear'));
    fireEvent.change(keyword(), { target: { value: 'maintenance' } });
    urlShows(DEFAULT_FILTERS);
    expect(keyword().value).toBe('maintenance');

    // Changes the form did not ask for (back to the earlier search, forward again): the form follows them.
    urlShows(cooling);
    expect(keyword().value).toBe('cooling');
    urlShows(DEFAULT_FILTERS);
    expect(keyword().value).toBe('');
  });

  it('keeps the search asked for while an earlier Clear commits first', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    renderPage(<InTheUrl initial={cooling} />);
    fireEvent.click(screen.getByTestId('filters-clear'));
    fireEvent.change(keyword(), { target: { value: 'maintenance' } });
    fireEvent.click(screen.getByTestId('filters-search'));
    urlShows(DEFAULT_FILTERS);
    expect(keyword().value).toBe('maintenance');
    urlShows({ ...DEFAULT_FILTERS, q: 'maintenance' });
    expect(keyword().value).toBe('maintenance');
    // Then back: followed.
    urlShows(DEFAULT_FILTERS);
    expect(keyword().value).toBe('');
  });
});
