import type { tenders } from '../../db/schema.ts';

/** A tender as stored, and the two facts about it that every domain working with tenders asks. */
export type TenderRow = typeof tenders.$inferSelect;

export const isPast = (t: TenderRow, now = Date.now()) => t.deadline != null && t.deadline.getTime() <= now;
export const isPublic = (t: TenderRow) => t.isPublished && t.approvalStatus === 'approved';
