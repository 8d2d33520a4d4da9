import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedCatalogs } from '../catalogs.ts';
import { activateLanguage, registerCatalogs } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { textLangProps } from './lang.ts';
import { UserText, useVersion, VersionSwitch, type Versions } from './UserText.tsx';

beforeAll(async () => {
  await registerCatalogs('shared', sharedCatalogs);
  await activateLanguage('en');
});
afterEach(cleanup);

const show = (ui: React.ReactNode) => render(<AppProviders>{ui}</AppProviders>);

/** A title as a page shows it: marked with its language, with the switch to the other version. */
function Title(v: Versions) {
  const title = useVersion(v);
  return (
    <div>
      <h1 {...textLangProps(title.lang)} data-testid="title">
        {title.text}
      </h1>
      <VersionSwitch other={title.other} onSwitch={title.show} />
    </div>
  );
}

describe('UserText', () => {
  it('marks a business-written text with its language and direction', () => {
    show(
      <p lang="en">
        Tender:{' '}
        <UserText lang="ar" testId="text">
          صيانة المصاعد
        </UserText>
      </p>,
    );
    const text = screen.getByTestId('text');
    expect(text.getAttribute('lang')).toBe('ar');
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(textLangProps('en')).toEqual({ lang: 'en', dir: 'ltr' });
  });
});

describe('the version switch', () => {
  it('shows the version the API chose and switches to the other one, marking each with its language', () => {
    show(<Title text="Lift maintenance" lang="en" en="Lift maintenance" ar="صيانة المصاعد" />);
    const title = () => screen.getByTestId('title');
    expect(title().textContent).toBe('Lift maintenance');
    expect(title().getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByRole('button', { name: 'Also in Arabic' }));
    expect(title().textContent).toBe('صيانة المصاعد');
    expect(title().getAttribute('lang')).toBe('ar');
    expect(title().getAttribute('dir')).toBe('rtl');
    fireEvent.click(screen.getByRole('button', { name: 'Also in English' }));
    expect(title().textContent).toBe('Lift maintenance');
  });

  it('is not offered when only one version is written', () => {
    show(<Title text="صيانة المصاعد" lang="ar" en={null} ar="صيانة المصاعد" />);
    expect(screen.getByTestId('title').getAttribute('lang')).toBe('ar');
    expect(screen.queryByTestId('version-switch')).toBeNull();
  });
});
