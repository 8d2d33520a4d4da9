import * as v from 'valibot';
import { Ok } from '../common.ts';
import { Follow, FollowBody, FollowedTendersQuery, FollowParams, Follows } from '../marketplace.ts';
import { Tender } from '../tenders.ts';
import { route } from './route.ts';

/** Following services and categories (bidders' routes: admins are refused). */

export const myFollows = route({
  method: 'GET',
  path: '/follows',
  tag: 'follows',
  summary: 'What my company (or I, without one) follows, and its services not followed yet',
  access: 'notAdmin',
  response: Follows,
});

export const follow = route({
  method: 'POST',
  path: '/follows',
  tag: 'follows',
  summary: 'Follow a service or a whole category',
  access: 'notAdmin',
  body: FollowBody,
  response: Follow,
  status: 201,
  errors: [409],
});

export const unfollow = route({
  method: 'DELETE',
  path: '/follows/:id',
  tag: 'follows',
  summary: 'Stop following (a follow of my company, or my own)',
  access: 'notAdmin',
  params: FollowParams,
  response: Ok,
});

export const followedTenders = route({
  method: 'GET',
  path: '/tenders/followed',
  tag: 'tenders',
  summary: 'The newest public tenders in the services my company (or I) follows, not its own',
  access: 'notAdmin',
  query: FollowedTendersQuery,
  response: v.array(Tender),
});
