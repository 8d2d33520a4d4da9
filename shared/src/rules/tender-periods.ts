/**
 * The periods of the tender rules, in Qatar working days (./tender-lifecycle.ts applies them). Apart from the rules
 * that apply them so that a page that only names a period does not load the working calendar.
 */

/** Questions are taken until this many working days before the deadline unless the owner sets another cut-off. */
export const CLARIFICATION_LEAD_DAYS = 3;

/**
 * After any amendment at least this many working days are left before the deadline: an amendment closer to the
 * deadline pushes it to now + this many working days (and the cut-off with it), so that every bidder can react.
 */
export const AMENDMENT_MIN_DAYS_LEFT = 3;
