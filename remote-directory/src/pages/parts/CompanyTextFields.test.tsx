import { AppProviders, i18n, useSessionStore } from '@bawaba/shared';
import { BilingualDescription } from '@bawaba/shared/rich-text';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arMessages } from '../../locales/ar/pages.ts';

afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  useSessionStore.setState({ language: 'en' });
});

function renderEditor(initial: string) {
  render(
    <AppProviders>
      <BilingualDescription
        label="Description"
        initial={{ en: initial, ar: initial }}
        onChange={vi.fn()}
        error={() => undefined}
        testId="editor"
      />
    </AppProviders>,
  );
}

describe('the company form’s description editor (the pages’ catalog carries its texts)', () => {
  it.each([
    ['en', 'Text formatting', ['Bulleted list', 'Numbered list', 'Link']],
    ['ar', 'تنسيق النص', ['قائمة نقطية', 'قائمة مرقّمة', 'رابط']],
  ] as const)(
    'draws its list and link buttons as icons, not characters (%s)',
    async (language, toolbarName, names) => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arMessages : {} });
      useSessionStore.setState({ language });
      renderEditor('');
      const toolbar = await screen.findByRole('toolbar', { name: toolbarName });
      for (const name of names) {
        const button = within(toolbar).getByRole('button', { name });
        const glyph = button.querySelector('[aria-hidden="true"]');
        // A drawn icon: no "1." (".1" in a right-to-left toolbar), no 🔗 (an empty box without an emoji font), no •.
        expect(glyph?.querySelector('svg')).not.toBeNull();
        expect(glyph?.textContent).toBe('');
      }
    },
  );

  it('lays out each list item in the direction of its own text', async () => {
    renderEditor(
      '<p>نقدم الخدمات التالية</p><ul><li><p>Network design (Lot 2)</p></li><li><p>صيانة</p></li></ul>',
    );
    const editor = await screen.findByTestId('editor');
    const items = [...editor.querySelectorAll('li')];
    expect(items.map((li) => li.getAttribute('dir'))).toEqual(['auto', 'auto']);
  });
});
