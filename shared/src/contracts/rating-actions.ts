/*
 * A module without schemas (no valibot): the rating rulebook in shared/src/rules reads these lists, and the rules
 * entry must not pull the contract schemas and valibot in with it.
 */

/** The scores of a rating, each 1–5; `paymentOnTime` only when the supplier side rates the buyer side. */
export const RATING_SCORES = ['quality', 'timeliness', 'communication', 'paymentOnTime'] as const;
export type RatingScore = (typeof RATING_SCORES)[number];

/** What a party may do about the ratings of a contract: rate the other side, reply once to its rating. */
export const RATING_ACTIONS = ['rate', 'reply'] as const;
export type RatingAction = (typeof RATING_ACTIONS)[number];

/** Every refusal the rating rulebook gives (each an error code of the API, translated there). */
export const RATING_REFUSALS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONTRACT_NOT_FOUND',
  'COMPANY_ROLE_REQUIRED',
  'RATING_CONTRACT_OPEN',
  'RATING_WINDOW_CLOSED',
  'RATING_REVEALED',
  'RATING_NOT_GIVEN',
  'RATING_NOT_REVEALED',
  'RATING_ALREADY_REPLIED',
] as const;
export type RatingRefusal = (typeof RATING_REFUSALS)[number];
