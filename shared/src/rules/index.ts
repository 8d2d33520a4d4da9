/**
 * Pure business rules shared by the front ends and the API (no React, no Lingui): import from
 * '@bawaba/shared/rules'.
 */
export {
  type ContractFacts,
  type ContractViewer,
  contractPermissions,
  contractRefusal,
  contractSide,
  type MilestoneFacts,
  milestoneAmounts,
  milestonePermissions,
  milestoneRefusal,
  SIDE_ROLES,
  type VariationFacts,
  variationPermissions,
  variationRefusal,
} from './contract-rules.ts';
export { isPastDeadline } from './deadline.ts';
export {
  type DateOrder,
  DEFAULT_DISPLAY_PREFS,
  type DigitsChoice,
  type DisplayPrefs,
  displayPrefs,
  readDisplayPrefs,
  setDisplayPrefs,
  subscribeDisplayPrefs,
} from './display-prefs.ts';
export { type ActionKey, actionKey, newUuid } from './idempotency.ts';
export {
  type BreakdownLine,
  breakdownTotal,
  formatMoney,
  lineTotal,
  roundToCents,
  toCents,
} from './money.ts';
export { qatarDayEnd, qatarDayStart } from './qatar-day.ts';
export {
  CLOSED_STATUSES,
  RATING_WINDOW_DAYS,
  type RatingFacts,
  ratingPermissions,
  ratingRefusal,
  ratingsRevealed,
  ratingWindowEnd,
  visibleRatingSides,
} from './rating-rules.ts';
export { RICH_TEXT_SANITIZE_OPTIONS } from './rich-text.ts';
export { clarificationCutoff, deadlineAfterAmendment } from './tender-lifecycle.ts';
export { AMENDMENT_MIN_DAYS_LEFT, CLARIFICATION_LEAD_DAYS } from './tender-periods.ts';
export {
  ACTION_TRANSITIONS,
  awardRefusal,
  type CallerFacts,
  hasTechnicalStage,
  ownsTender,
  type TenderFacts,
  type TenderTransition,
  TRANSITIONS,
  tenderPermissions,
  tenderRefusal,
  tenderState,
  transitionRefusal,
} from './tender-rules.ts';
export { TENDER_STAGES, type TenderStage, tenderStage } from './tender-stage.ts';
export { directionOf, inLanguage, isWritten, type TextLang, textLanguage } from './text-language.ts';
