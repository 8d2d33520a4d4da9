import { addWorkingDays, onWorkingDayOrBefore } from '../calendar/working-days.ts';
import { AMENDMENT_MIN_DAYS_LEFT, CLARIFICATION_LEAD_DAYS } from './tender-periods.ts';

/**
 * The tender lifecycle's timing rules, one place for the API (which enforces them) and the pages (which explain
 * them; they import it as '@bawaba/shared/deadline-rules', so that the working calendar it needs stays out of the
 * chunk a remote's pages share through '@bawaba/shared/rules'): the clarification cut-off and the minimum time bidders keep after an amendment. Both count Qatar working
 * days (shared/src/calendar/working-days.ts: Sunday–Thursday minus public holidays), and a cut-off never falls on
 * a day off: one that would moves to the same time of the working day before (docs/product-decisions.md
 * "Working days").
 */

/**
 * When questions stop: the owner's cut-off, or CLARIFICATION_LEAD_DAYS working days before the deadline (same
 * time of day) — on a day off, the same time of the working day before; null = never.
 */
export function clarificationCutoff(
  deadline: Date | string | null | undefined,
  cutoff: Date | string | null | undefined,
): Date | null {
  if (cutoff) return onWorkingDayOrBefore(new Date(cutoff));
  if (!deadline) return null;
  return addWorkingDays(new Date(deadline), -CLARIFICATION_LEAD_DAYS);
}

/**
 * The deadline an amendment made at `now` leaves: the one asked for, or now + AMENDMENT_MIN_DAYS_LEFT working days
 * (same time of day) when that is later. `pushed` says the rule moved it.
 */
export function deadlineAfterAmendment(
  asked: Date,
  now: Date | number = Date.now(),
): { deadline: Date; pushed: boolean } {
  const earliest = addWorkingDays(now, AMENDMENT_MIN_DAYS_LEFT);
  return asked.getTime() >= earliest.getTime()
    ? { deadline: asked, pushed: false }
    : { deadline: earliest, pushed: true };
}
