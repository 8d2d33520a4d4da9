import type { AmendmentBody } from '@bawaba/shared/contracts';
import { deadlineAfterAmendment, inLanguage, ownsTender } from '@bawaba/shared/rules';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { type AmendmentChange, tenderAmendments, tenders } from '../../db/schema.ts';
import { refreshTenderSearch } from '../../db/search-documents.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { eitherWritten, versionsOf } from '../../lib/bilingual.ts';
import { actorFor, textOut } from '../../lib/localize.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { sanitizeDescription } from '../../lib/rich-text.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { evaluationColumns, evaluationOf, evaluationRecord } from './evaluation.ts';
import { callerOf, record, take } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import { amendmentsOf, documentNames, participants } from './queries.ts';
import { lockOwnTender, visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/** Numbered amendments of a published tender, and their history. */

type Amendment = v.InferOutput<typeof AmendmentBody>;

const day = (d: Date | null) => d?.toISOString() ?? null;
/** Dates are compared at the precision users see them (minutes): seconds apart is no change. */
const minute = (d: Date | null) => (d ? Math.floor(d.getTime() / 60_000) : null);

/**
 * A numbered amendment of a published tender. Only what differs from the tender is recorded; an amendment that
 * would leave fewer than AMENDMENT_MIN_DAYS_LEFT working days pushes the deadline (and a cut-off of the owner's own moves
 * by as much); every participant is told.
 */
export function amendTender(ctx: Ctx, a: Auth, tenderId: number, b: Amendment, lang: Lang) {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const now = Date.now();
    const move = take('amend', t, callerOf(a), now);
    const changes: AmendmentChange[] = [];
    const set: Partial<typeof tenders.$inferInsert> = {};
    const reason = versionsOf({ en: b.reasonEn, ar: b.reasonAr, legacy: b.reason });
    if (!eitherWritten(reason)) throw new AppError('REASON_REQUIRED');
    // The amended description: the versions sent (a version not sent stays), or the older forms' single one, which
    // replaces the version of the language it is written in. Rich text, sanitized as the tender form's.
    const next = versionsOf(
      { en: b.descriptionEn, ar: b.descriptionAr, legacy: b.description },
      { en: t.descriptionEn, ar: t.descriptionAr },
      sanitizeDescription,
    );
    // One change for the description, whichever versions were rewritten: before and after of the first one.
    const rewritten = (['en', 'ar'] as const).find(
      (lang) => next[lang] !== (lang === 'ar' ? t.descriptionAr : t.descriptionEn),
    );
    if (rewritten) {
      const before = rewritten === 'ar' ? t.descriptionAr : t.descriptionEn;
      changes.push({ field: 'description', before: before ?? '', after: next[rewritten] ?? '' });
      set.descriptionEn = next.en;
      set.descriptionAr = next.ar;
    }
    if (b.documentIds !== undefined) {
      const ids = [...new Set(b.documentIds)];
      const names = await documentNames(
        tx,
        a.user.id,
        [...new Set([...ids, ...t.documentIds])],
        t.documentIds,
      );
      if (ids.some((id) => !names.has(id) && !t.documentIds.includes(id)))
        throw new AppError('INVALID_FILE_REFERENCE', 'documentIds');
      if (ids.join() !== t.documentIds.join()) {
        const listed = (xs: string[]) => xs.map((id) => names.get(id) ?? id).join(', ');
        changes.push({ field: 'documents', before: listed(t.documentIds), after: listed(ids) });
        set.documentIds = ids;
      }
    }
    for (const [field, key] of [
      ['bond', 'bond'],
      ['participationFee', 'participationFee'],
      ['standstillDays', 'standstillDays'],
    ] as const) {
      const next = b[key];
      if (next !== undefined && next !== t[key]) {
        changes.push({ field, before: t[key], after: next });
        set[key] = next;
      }
    }
    if (b.evaluation !== undefined) {
      // The whole method is compared as it would be stored (blank texts unwritten, lowest price without weights).
      const before = evaluationRecord(evaluationOf(t));
      const columns = evaluationColumns(b.evaluation);
      const after = evaluationRecord(evaluationOf({ ...t, ...columns }));
      if (after !== before) {
        changes.push({ field: 'evaluation', before, after });
        Object.assign(set, columns);
      }
    }
    const dateOf = (x: string | undefined, current: Date | null) => (x === undefined ? current : new Date(x));
    const start = dateOf(b.start_date, t.startDate);
    const end = dateOf(b.end_date, t.endDate);
    const asked = dateOf(b.deadline, t.deadline);
    // What the owner asked to change (before the deadline rule adds its push): nothing → refused.
    const asksChange =
      changes.length > 0 ||
      minute(start) !== minute(t.startDate) ||
      minute(end) !== minute(t.endDate) ||
      minute(asked) !== minute(t.deadline) ||
      (b.clarification_cutoff !== undefined &&
        minute(new Date(b.clarification_cutoff)) !== minute(t.clarificationCutoff));
    if (!asksChange) throw new AppError('AMENDMENT_WITHOUT_CHANGES');
    // Any amendment (not only one that moves dates) must leave bidders the minimum time to react; a push that
    // lands in the current deadline's minute leaves the deadline as it is.
    const rule = asked ? deadlineAfterAmendment(asked, now) : { deadline: null, pushed: false };
    const deadline = minute(rule.deadline) === minute(t.deadline) ? t.deadline : rule.deadline;
    const pushed = rule.pushed && deadline !== t.deadline;
    let cutoff =
      b.clarification_cutoff === undefined ? t.clarificationCutoff : new Date(b.clarification_cutoff);
    if (b.clarification_cutoff === undefined && cutoff && deadline && t.deadline && deadline !== t.deadline) {
      cutoff = new Date(cutoff.getTime() + (deadline.getTime() - t.deadline.getTime()));
    }
    if (start && end && end.getTime() < start.getTime())
      throw new AppError('INVALID_TENDER_DATES', 'end_date');
    if (cutoff && deadline && cutoff.getTime() > deadline.getTime())
      throw new AppError('INVALID_TENDER_DATES', 'clarification_cutoff');
    for (const [field, before, next, column] of [
      ['start_date', t.startDate, start, 'startDate'],
      ['end_date', t.endDate, end, 'endDate'],
      ['deadline', t.deadline, deadline, 'deadline'],
      ['clarification_cutoff', t.clarificationCutoff, cutoff, 'clarificationCutoff'],
    ] as const) {
      if (minute(before) !== minute(next)) {
        changes.push({ field, before: day(before), after: day(next) });
        set[column] = next;
      }
    }
    // Compared after the deadline rule: what was asked may come to nothing once the rule applied.
    if (changes.length === 0) throw new AppError('AMENDMENT_WITHOUT_CHANGES');
    const number = t.amendmentCount + 1;
    const [u] = await tx
      .update(tenders)
      .set({ ...set, amendmentCount: number, updatedAt: new Date() })
      .where(eq(tenders.id, t.id))
      .returning();
    await refreshTenderSearch(tx, [t.id]);
    await tx.insert(tenderAmendments).values({
      tenderId: t.id,
      number,
      reasonEn: reason.en,
      reasonAr: reason.ar,
      changes,
      deadlinePushed: pushed,
    });
    await record(tx, t.id, a, 'amended', move, { number, fields: changes.map((c) => c.field) });
    const told = await concerned(tx, await participants(tx, t), 'bidder', a.user.id);
    await notify(ctx, tx, after, noticeTo(told, TENDER_NOTICES.amended(u!, number, pushed, reason)));
    // The newest amendment is this one, with its author read back like the history reads it.
    const [made] = await amendmentsOf(tx, t.id);
    return amendmentOut(made!, lang, true);
  });
}

/**
 * An amendment for a reader of `l`: the reason in their language, else the other (with the language it is in); who
 * made it only for `insider`s (the tender's own side and platform administrators: a bidder learns what changed, not
 * which of the buyer's staff changed it).
 */
const amendmentOut = (
  { a: r, actorId, person, company }: Awaited<ReturnType<typeof amendmentsOf>>[number],
  l: Lang,
  insider: boolean,
) => ({
  number: r.number,
  ...textOut('reason', inLanguage(l, r.reasonEn, r.reasonAr), r.reasonEn, r.reasonAr),
  createdAt: r.createdAt.toISOString(),
  changes: r.changes,
  deadlinePushed: r.deadlinePushed,
  actor: insider && actorId !== null ? actorFor(l, actorId, person, company) : null,
});

/** The amendment history (newest first) of a tender the caller may see. */
export async function listAmendments(ctx: Ctx, a: Auth | null, tenderId: number, lang: Lang) {
  const t = await visibleTender(ctx, a, tenderId);
  const rows = await amendmentsOf(ctx.database.db, t.id);
  const insider = a !== null && (a.user.isAdmin || ownsTender(t, viewerOf(a)));
  return rows.map((r) => amendmentOut(r, lang, insider));
}
