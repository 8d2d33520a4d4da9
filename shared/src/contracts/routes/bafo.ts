import { BafoOfferBody, BafoRound, StartBafoBody } from '../bafo.ts';
import { IdParams } from '../common.ts';
import { Tender } from '../tenders.ts';
import { route } from './route.ts';

/**
 * The best-and-final-offer round (docs/decisions/0015-best-and-final-offer.md). Business refusals answer 409 (the
 * tender rulebook's reasons: `startBafo`, `submitBafo`).
 */

const tag = 'tender decisions';

export const bafoRound = route({
  method: 'GET',
  path: '/tenders/:id/bafo',
  tag,
  summary:
    "The tender's best-and-final-offer round: every invitee for the buyer side and admins, one's own line for an invited bidder",
  access: 'signedIn',
  params: IdParams,
  response: BafoRound,
});

export const startBafo = route({
  method: 'POST',
  path: '/tenders/:id/bafo',
  tag,
  summary: 'Invite proposals still in the running to a best and final offer by a deadline (once per tender)',
  access: 'company:buyer|self',
  params: IdParams,
  body: StartBafoBody,
  response: Tender,
  errors: [409],
});

export const submitBafo = route({
  method: 'PUT',
  path: '/tenders/:id/bafo/offer',
  tag,
  summary: 'Send (or change, until the deadline) my best and final offer: a price not above my offer',
  access: 'company:bidder|self',
  params: IdParams,
  body: BafoOfferBody,
  response: BafoRound,
  errors: [409],
});
