import { AppProviders, activateLanguage, registerCatalogs, sharedCatalogs } from '@bawaba/shared';
import type { Notification } from '@bawaba/shared/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { NotificationItem } from './NotificationItem.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('ar');
});
afterEach(cleanup);

// The API isolates every user value in a notification's text (FSI … PDI, api/src/lib/notice.ts).
const CONTENT = 'تم نشر "\u2068Road works (Lot 2)\u2069".';
const notice: Notification = {
  id: 1,
  title: 'تمت الموافقة على المناقصة',
  content: CONTENT,
  createdAt: new Date().toISOString(),
  read: false,
  tender: { id: 5, title: 'Road works (Lot 2)', titleLang: 'en' },
  link: '/tender-profile/5',
};

describe('a notification in Arabic', () => {
  it.each([false, true])(
    'keeps the isolated user value whole, in its own direction (compact: %s)',
    (compact) => {
      render(
        <AppProviders>
          <NotificationItem item={notice} compact={compact} />
        </AppProviders>,
      );
      const content = screen.getByText((_, el) => el?.textContent === CONTENT && el.tagName === 'P');
      expect(content.getAttribute('dir')).toBe('auto');
    },
  );
});
