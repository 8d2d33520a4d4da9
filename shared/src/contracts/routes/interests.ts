import * as v from 'valibot';
import { Interest, InterestBody } from '../tenders.ts';
import { route } from './route.ts';

/** Interest in a closed tender: a bidder asks its owner to take part. */

export const submitInterest = route({
  method: 'POST',
  path: '/interests',
  tag: 'tenders',
  summary: 'Submit interest in a closed tender',
  access: 'company:bidder|self',
  body: InterestBody,
  response: Interest,
  status: 201,
  idempotent: true,
});

export const myInterests = route({
  method: 'GET',
  path: '/interests/mine',
  tag: 'tenders',
  summary: 'My interests',
  access: 'signedIn',
  response: v.array(Interest),
});
