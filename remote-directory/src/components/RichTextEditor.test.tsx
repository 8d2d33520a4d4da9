import { AppProviders, i18n, useSessionStore } from '@bawaba/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arMessages } from '../locales/ar/messages.ts';
import RichTextEditor from './RichTextEditor.tsx';

afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function renderEditor(value: string) {
  render(
    <AppProviders>
      <RichTextEditor value={value} onChange={vi.fn()} label="Description" testId="editor" />
    </AppProviders>,
  );
}

describe('the description editor', () => {
  it.each([
    ['en', 'Text formatting', ['Bulleted list', 'Numbered list', 'Link']],
    ['ar', 'تنسيق النص', ['قائمة نقطية', 'قائمة مرقّمة', 'رابط']],
  ] as const)(
    'draws its list and link buttons as icons, not characters (%s)',
    (language, toolbarName, names) => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arMessages : {} });
      useSessionStore.setState({ language });
      renderEditor('');
      const toolbar = screen.getByRole('toolbar', { name: toolbarName });
      for (const name of names) {
        const button = within(toolbar).getByRole('button', { name });
        const glyph = button.querySelector('[aria-hidden="true"]');
        // A drawn icon: no "1." (".1" in a right-to-left toolbar), no 🔗 (an empty box without an emoji font), no •.
        expect(glyph?.querySelector('svg')).not.toBeNull();
        expect(glyph?.textContent).toBe('');
      }
    },
  );

  it('lays out each list item in the direction of its own text', () => {
    renderEditor(
      '<p>نقدم الخدمات التالية</p><ul><li><p>Network design (Lot 2)</p></li><li><p>صيانة</p></li></ul>',
    );
    const items = [...screen.getByTestId('editor').querySelectorAll('li')];
    expect(items.map((li) => li.getAttribute('dir'))).toEqual(['auto', 'auto']);
  });
});
