import type { NoticeGroup } from '@bawaba/shared/contracts';

/**
 * An in-app notification to write (and, by the recipient's email preference for its group, to mail): its texts in
 * both languages and where it leads. One type for `notify` (lib/tx.ts) and the mail outbox (lib/mail-outbox.ts).
 */
export type NewNotification = {
  userId: number;
  /** Which email preference decides whether it is also mailed (NOTICE_GROUPS). */
  group: NoticeGroup;
  title: string;
  content: string;
  titleAr: string;
  contentAr: string;
  tenderId?: number | null;
  link?: string | null;
};

/** A notification's texts in both languages and where it leads; the recipient is added by whoever sends it. */
export type Notice = Omit<NewNotification, 'userId'>;
