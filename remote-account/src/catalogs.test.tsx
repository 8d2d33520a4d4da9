import {
  AppProviders,
  activateLanguage,
  registerCatalogs,
  StatusBadge,
  sharedCatalogs,
} from '@bawaba/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(async () => {
  cleanup();
  await activateLanguage('en');
});

describe('the account’s catalog beside shared’s (one Lingui instance)', () => {
  it('leaves the status "Submitted" as shared translates it, in Arabic (the date column has its own message)', async () => {
    // As on the site: the shell runs in Arabic with shared's catalog, then the account's route registers its own
    // (loaded last, so any id both define would take the account's text).
    await activateLanguage('ar');
    await registerCatalogs('shared', sharedCatalogs);
    await registerCatalogs('remote-account', {
      en: () => import('./locales/en/messages.ts'),
      ar: () => import('./locales/ar/messages.ts'),
    });
    render(
      <AppProviders>
        <StatusBadge status="submitted" testId="status" />
      </AppProviders>,
    );
    expect(screen.getByTestId('status').textContent).toBe('مقدَّم');
  });
});
