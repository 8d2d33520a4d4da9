import { IdParams } from '../common.ts';
import { ContractRatings, RatingBody, RatingReplyBody } from '../ratings.ts';
import { route } from './route.ts';

/**
 * Two-way ratings from contracts (the rulebook: shared/src/rules/rating-rules.ts). Anyone outside both sides gets
 * 404, like a missing contract; administrators rate nothing (403). Business refusals answer 409 with the rulebook's
 * reason, which the contract's `ratings.can`/`ratings.refusals` already gave.
 */

const tag = 'contracts';

export const rateContract = route({
  method: 'PUT',
  path: '/contracts/:id/rating',
  tag,
  summary:
    'Rate the other side of a completed or terminated contract (within 30 days; again to change it until the ratings are revealed)',
  access: 'notAdmin',
  params: IdParams,
  body: RatingBody,
  response: ContractRatings,
  errors: [409],
});

export const replyToRating = route({
  method: 'POST',
  path: '/contracts/:id/rating/reply',
  tag,
  summary: "Reply once to the other side's rating of my side, once the ratings are revealed",
  access: 'notAdmin',
  params: IdParams,
  body: RatingReplyBody,
  response: ContractRatings,
  errors: [409],
});
