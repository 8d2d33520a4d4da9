import {
  AppProviders,
  i18n,
  MemoryRouter,
  sharedCatalogs,
  usePopupStore,
  useSessionStore,
} from '@bawaba/shared';
import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabic } from '../../locales/ar/webhooks.ts';
import { signInAsMember } from '../../test-session.ts';
import WebhooksPage from './WebhooksPage.tsx';
import { api } from './webhooks-api.ts';

const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seQ==';

const subscription = (id: number, patch: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id,
  url: `https://erp.example.qa/hooks/${id}`,
  events: ['tender.question_asked', 'contract.milestone_paid'],
  active: true,
  createdAt: '2026-11-20T09:30:00.000Z',
  createdBy: 'خالد المنصوري',
  secretHint: 'ly==',
  counts: { delivered: 12, failed: 1, pending: 2 },
  can: { update: true, delete: true, rotate: true, test: true },
  ...patch,
});

const delivery = (id: number, patch: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  eventId: `evt_${id}abc`,
  type: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-11-27T10:00:02.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  payload: {
    id: `evt_${id}abc`,
    type: 'webhook.test',
    createdAt: '2026-11-27T10:00:00.000Z',
    data: { hello: 'world' },
  },
  ...patch,
});

let list: WebhookSubscription[];
vi.mock('./webhooks-api.ts', () => ({
  api: {
    webhooks: vi.fn(async () => list),
    createWebhook: vi.fn(async (_company: number, body: { url: string; events: string[] }) => {
      const created = subscription(9, {
        url: body.url,
        events: body.events as WebhookSubscription['events'],
      });
      list = [...list, created];
      return { webhook: created, secret: SECRET };
    }),
    updateWebhook: vi.fn(async () => subscription(1)),
    deleteWebhook: vi.fn(async () => ({ ok: true })),
    rotateWebhookSecret: vi.fn(async () => ({ secret: 'whsec_bmV3LXNlY3JldA==' })),
    testWebhook: vi.fn(async () => delivery(5)),
    webhookDeliveries: vi.fn(async () => ({
      items: [
        delivery(7, {
          type: 'tender.question_asked',
          status: 'given_up',
          attempts: 10,
          lastStatusCode: 503,
          lastError: 'The endpoint answered 503',
          deliveredAt: null,
        }),
        delivery(6, {
          status: 'retrying',
          attempts: 2,
          lastStatusCode: null,
          lastError: 'Timed out',
          nextAttemptAt: '2026-11-27T11:00:00.000Z',
          deliveredAt: null,
        }),
        delivery(5),
      ],
      pageCount: 3,
      totalItems: 45,
    })),
    retryWebhookDelivery: vi.fn(async () => delivery(7, { status: 'pending' })),
  },
}));

const show = (path = '/account/webhooks') =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <WebhooksPage />
      </MemoryRouter>
    </AppProviders>,
  );

const inLanguage = async (language: 'en' | 'ar') => {
  await i18n.loadAndActivate({
    locale: language,
    // The contract's messages in Arabic come with shared's catalog.
    messages: language === 'ar' ? { ...(await sharedCatalogs.ar()).messages, ...arabic } : {},
  });
  useSessionStore.setState({ language });
};

async function tick(scope: HTMLElement, name: RegExp | string) {
  const box = within(scope).getByRole('checkbox', { name });
  const root = box.closest('[data-scope="checkbox"][data-part="root"]')!;
  const before = root.getAttribute('data-state');
  fireEvent.click(box);
  await waitFor(() => expect(root.getAttribute('data-state')).not.toBe(before));
}

/** Answers the shell's confirm popup (PopupHost is the host's) with `yes`, once its title is `title`. */
async function answerConfirm(title: string, yes: boolean) {
  await waitFor(() => expect(usePopupStore.getState().queue[0]?.title).toBe(title));
  const popup = usePopupStore.getState().queue[0]!;
  usePopupStore.getState().close(popup.id, yes);
}

beforeEach(async () => {
  list = [
    subscription(1),
    subscription(2, {
      active: false,
      createdBy: null,
      can: { update: false, delete: false, rotate: false, test: false },
    }),
  ];
  signInAsMember(['admin']);
  await inLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSessionStore.getState().signOut();
});

describe('the event groups', () => {
  it('offer every event a company subscribes to once, and not the test event', () => {
    const offered = Object.values(WEBHOOK_EVENT_GROUPS).flat();
    expect(new Set(offered).size).toBe(offered.length);
    expect([...offered].sort()).toEqual(WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test').sort());
  });
});

for (const language of ['en', 'ar'] as const) {
  const en = language === 'en';
  describe(`the company's webhooks (${language})`, () => {
    beforeEach(() => inLanguage(language));

    it('lists each subscription: its address left to right, events, state, counts, who added it, and only the actions its `can` allows', async () => {
      show();
      const rows = await screen.findAllByTestId('webhook-row', {}, { timeout: 5000 });
      expect(rows).toHaveLength(2);
      const url = within(rows[0]!).getByTestId('webhook-row-url');
      expect(url.textContent).toBe('https://erp.example.qa/hooks/1');
      expect(url.getAttribute('dir')).toBe('ltr');
      expect(rows[0]!.textContent).toContain(en ? 'Question asked' : 'طرح استفسار');
      expect(rows[0]!.textContent).toContain(en ? 'Milestone paid' : 'دُفعت المرحلة');
      expect(within(rows[0]!).getByTestId('webhook-state').textContent).toBe(en ? 'Active' : 'مفعّل');
      expect(within(rows[0]!).getByTestId('webhook-counts').textContent).toBe(
        en ? 'Delivered: 12 · Failed: 1 · Waiting: 2' : 'المُرسلة: ١٢ · المتعثّرة: ١ · قيد الانتظار: ٢',
      );
      // The member's name in its own direction, the date through Intl in the page's language.
      expect(within(rows[0]!).getByText('خالد المنصوري').tagName).toBe('BDI');
      expect(rows[0]!.textContent).toContain(en ? 'Nov 20, 2026' : '٢٠\u200f/١١\u200f/٢٠٢٦');
      for (const id of ['webhook-test', 'webhook-pause', 'webhook-rotate', 'webhook-delete'])
        expect(within(rows[0]!).getByTestId(id)).toBeTruthy();
      // The second: paused, and the API allows nothing on it.
      expect(within(rows[1]!).getByTestId('webhook-state').textContent).toBe(en ? 'Paused' : 'موقوف مؤقتًا');
      expect(within(rows[1]!).queryAllByRole('button')).toEqual([]);
      expect(within(rows[1]!).getByTestId('webhook-log-link').getAttribute('href')).toBe(
        '/account/webhooks?log=2',
      );
      expect(api.webhooks).toHaveBeenCalledWith(7);
    });

    it('refuses the form without a web address or an event, in the contract’s words, and sends nothing', async () => {
      show();
      await screen.findAllByTestId('webhook-row', {}, { timeout: 5000 });
      fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'not an address' } });
      fireEvent.click(screen.getByTestId('webhook-submit'));
      expect(
        await screen.findByText(
          en
            ? 'Enter a full web address, like https://example.com/hooks.'
            : 'أدخل عنوان ويب كاملًا، مثل https://example.com/hooks.',
        ),
      ).toBeTruthy();
      expect(screen.getByTestId('webhook-events-error').textContent).toBe(
        en ? 'Choose at least one event.' : 'اختر حدثًا واحدًا على الأقل.',
      );
      expect(api.createWebhook).not.toHaveBeenCalled();
      // The groups, each event with its one-line description.
      const owner = screen.getByTestId('webhook-group-owner');
      expect(within(owner).getByText(en ? 'As a tender owner' : 'بصفتكم مالكًا لمناقصة')).toBeTruthy();
      expect(owner.textContent).toContain(
        en
          ? 'A bidder asked a question on one of your tenders.'
          : 'طرح أحد مقدّمي العروض استفسارًا في إحدى مناقصاتكم.',
      );
    });

    it('adds a webhook and shows its secret once, in monospace with a copy button and the warning, focused', async () => {
      show();
      await screen.findAllByTestId('webhook-row', {}, { timeout: 5000 });
      fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://erp.example.qa/in' } });
      await tick(screen.getByTestId('webhook-group-bidder'), en ? /Proposal outcome/ : /نتيجة العرض/);
      await tick(screen.getByTestId('webhook-group-contract'), en ? /Contract created/ : /إنشاء العقد/);
      fireEvent.click(screen.getByTestId('webhook-submit'));
      await waitFor(() =>
        expect(api.createWebhook).toHaveBeenCalledWith(7, {
          url: 'https://erp.example.qa/in',
          events: ['proposal.outcome', 'contract.created'],
        }),
      );
      const panel = await screen.findByTestId('webhook-secret');
      expect(within(panel).getByTestId('webhook-secret-value').textContent).toBe(SECRET);
      expect(within(panel).getByTestId('webhook-secret-value').tagName).toBe('CODE');
      expect(within(panel).getByTestId('webhook-secret-value').getAttribute('dir')).toBe('ltr');
      expect(panel.textContent).toContain(en ? 'it will not be shown again' : 'لن يُعرض مرة أخرى');
      await waitFor(() => expect(document.activeElement).toBe(panel));
      expect(
        within(panel).getByRole('button', { name: en ? 'Copy the secret' : 'نسخ المفتاح السري' }),
      ).toBeTruthy();
      // The new subscription is listed; the secret itself is nowhere but the panel.
      await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(3));
      expect(screen.getByTestId('webhook-list').textContent).not.toContain(SECRET);
      fireEvent.click(within(panel).getByTestId('webhook-secret-done'));
      expect(screen.queryByTestId('webhook-secret')).toBeNull();
      expect(document.body.textContent).not.toContain(SECRET);
    });

    it('rotates the secret after a confirmation and shows the new one once; deletes only when confirmed', async () => {
      show();
      const [row] = await screen.findAllByTestId('webhook-row', {}, { timeout: 5000 });
      fireEvent.click(within(row!).getByTestId('webhook-rotate'));
      await answerConfirm(en ? 'Rotate the signing secret?' : 'هل تريدون تغيير مفتاح التوقيع السري؟', true);
      expect((await screen.findByTestId('webhook-secret-value')).textContent).toBe('whsec_bmV3LXNlY3JldA==');
      expect(api.rotateWebhookSecret).toHaveBeenCalledWith(7, 1);

      fireEvent.click(within(row!).getByTestId('webhook-delete'));
      await answerConfirm(en ? 'Delete this webhook?' : 'هل تريدون حذف إشعار الويب هذا؟', false);
      expect(api.deleteWebhook).not.toHaveBeenCalled();
      fireEvent.click(within(row!).getByTestId('webhook-delete'));
      await answerConfirm(en ? 'Delete this webhook?' : 'هل تريدون حذف إشعار الويب هذا؟', true);
      await waitFor(() => expect(api.deleteWebhook).toHaveBeenCalledWith(7, 1));
    });

    it('pauses, and sends a test event', async () => {
      show();
      const [row] = await screen.findAllByTestId('webhook-row', {}, { timeout: 5000 });
      fireEvent.click(within(row!).getByTestId('webhook-pause'));
      await waitFor(() => expect(api.updateWebhook).toHaveBeenCalledWith(7, 1, { active: false }));
      fireEvent.click(within(row!).getByTestId('webhook-test'));
      await waitFor(() => expect(api.testWebhook).toHaveBeenCalledWith(7, 1));
    });

    it('shows the delivery log: time, event, status, attempts, last answer and next attempt; a row opens its payload; a given-up delivery is retried', async () => {
      show('/account/webhooks?log=1');
      const rows = await screen.findAllByTestId('webhook-delivery', {}, { timeout: 5000 });
      expect(api.webhookDeliveries).toHaveBeenCalledWith(7, 1, 1, 20);
      expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['given_up', 'retrying', 'delivered']);
      expect(within(rows[0]!).getByTestId('webhook-delivery-status').textContent).toBe(
        en ? 'Given up' : 'توقّفت المحاولات',
      );
      expect(rows[0]!.textContent).toContain(en ? 'Question asked' : 'طرح استفسار');
      expect(rows[0]!.textContent).toContain('HTTP 503');
      expect(rows[0]!.textContent).toContain('The endpoint answered 503');
      expect(rows[1]!.textContent).toContain('Timed out');
      expect(rows[1]!.textContent).toContain(en ? 'Nov 27, 2026' : '٢٧\u200f/١١\u200f/٢٠٢٦');
      expect(rows[0]!.textContent).toContain(en ? '10' : '١٠');
      expect(
        within(screen.getByTestId('webhook-log-table'))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(
        en
          ? ['Time', 'Event', 'Status', 'Attempts', 'Last answer', 'Next attempt', 'Actions']
          : ['الوقت', 'الحدث', 'الحالة', 'المحاولات', 'آخر رد', 'المحاولة التالية', 'الإجراءات'],
      );
      // Only the given-up delivery offers Retry.
      expect(within(rows[0]!).getByTestId('webhook-delivery-retry')).toBeTruthy();
      expect(within(rows[1]!).queryByTestId('webhook-delivery-retry')).toBeNull();
      expect(within(rows[2]!).queryByTestId('webhook-delivery-retry')).toBeNull();

      const open = within(rows[2]!).getByTestId('webhook-delivery-open');
      expect(open.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(open);
      const payload = await screen.findByTestId('webhook-payload');
      expect(open.getAttribute('aria-expanded')).toBe('true');
      expect(payload.querySelector('pre')?.textContent).toBe(JSON.stringify(delivery(5).payload, null, 2));
      expect(payload.querySelector('pre')?.getAttribute('dir')).toBe('ltr');

      fireEvent.click(within(rows[0]!).getByTestId('webhook-delivery-retry'));
      await waitFor(() => expect(api.retryWebhookDelivery).toHaveBeenCalledWith(7, 1, 7));
      await waitFor(() => expect(api.webhookDeliveries).toHaveBeenCalledTimes(2));
    });
  });
}

describe('who sees the page', () => {
  it('tells a member who is not an administrator that only administrators manage webhooks, and asks the API nothing', async () => {
    signInAsMember(['buyer']);
    show();
    expect(await screen.findByText("Only your company's administrators manage its webhooks")).toBeTruthy();
    expect(api.webhooks).not.toHaveBeenCalled();
  });

  it('says the same, asking nothing, when the session acts for no company', async () => {
    signInAsMember([], null);
    show();
    expect(await screen.findByText("Only your company's administrators manage its webhooks")).toBeTruthy();
    expect(api.webhooks).not.toHaveBeenCalled();
  });
});
