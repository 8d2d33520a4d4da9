import { isolate, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { ServiceRow } from './queries.ts';

type Named = Pick<ServiceRow, 'nameEn' | 'nameAr'>;

/** The catalogue's notices, English and Arabic side by side. */
export const CATALOG_NOTICES = noticeTable({
  /** To each follower of a merged service, once: their follow now names the survivor. */
  serviceMerged: (merged: Named, survivor: Named): Notice => ({
    group: 'followed',
    title: 'A service you follow was merged',
    content: `${isolate(merged.nameEn)} is now part of ${isolate(survivor.nameEn)}: you follow ${isolate(survivor.nameEn)}.`,
    titleAr: 'تم دمج خدمة تتابعها',
    contentAr: `أصبحت ${isolate(merged.nameAr)} جزءاً من ${isolate(survivor.nameAr)}: أنت تتابع ${isolate(survivor.nameAr)}.`,
    // The follows are listed on the account's profile page.
    link: '/account',
  }),
});
