/**
 * The tender lifecycle's timing rules, one place for the API (which enforces them) and the pages (which explain
 * them): the clarification cut-off and the minimum time bidders keep after an amendment.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Questions are taken until this long before the deadline unless the owner sets another cut-off. */
export const CLARIFICATION_LEAD_DAYS = 3;

/**
 * After any amendment at least this much time is left before the deadline: an amendment closer to the deadline
 * pushes it to now + this many days (and the cut-off with it), so that every bidder can react to the change.
 */
export const AMENDMENT_MIN_DAYS_LEFT = 3;

/** When questions stop: the owner's cut-off, or CLARIFICATION_LEAD_DAYS before the deadline; null = never. */
export function clarificationCutoff(
  deadline: Date | string | null | undefined,
  cutoff: Date | string | null | undefined,
): Date | null {
  if (cutoff) return new Date(cutoff);
  if (!deadline) return null;
  return new Date(new Date(deadline).getTime() - CLARIFICATION_LEAD_DAYS * DAY_MS);
}

/**
 * The deadline an amendment made at `now` leaves: the one asked for, or now + AMENDMENT_MIN_DAYS_LEFT when that is
 * later. `pushed` says the rule moved it.
 */
export function deadlineAfterAmendment(
  asked: Date,
  now: Date | number = Date.now(),
): { deadline: Date; pushed: boolean } {
  const earliest = (typeof now === 'number' ? now : now.getTime()) + AMENDMENT_MIN_DAYS_LEFT * DAY_MS;
  return asked.getTime() >= earliest
    ? { deadline: asked, pushed: false }
    : { deadline: new Date(earliest), pushed: true };
}
