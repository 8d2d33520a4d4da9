import * as v from 'valibot';
import { Ad, AdBody, AdminAdListQuery, AdPatchBody } from '../ads.ts';
import { IdParams, Ok, Paged } from '../common.ts';
import { route } from './route.ts';

/** The advertisement of the directory card, and the admin's advertisements. */

export const activeAd = route({
  method: 'GET',
  path: '/ads/active',
  tag: 'ads',
  summary: 'The active advertisement for the directory card (or null)',
  access: 'public',
  response: v.nullable(Ad),
});

export const adminAds = route({
  method: 'GET',
  path: '/admin/ads',
  tag: 'admin',
  summary: 'Advertisements, newest first, searched and paged (admin)',
  access: 'admin',
  query: AdminAdListQuery,
  response: Paged(Ad),
});

export const createAd = route({
  method: 'POST',
  path: '/admin/ads',
  tag: 'admin',
  summary: 'Create an advertisement (admin)',
  access: 'admin',
  body: AdBody,
  response: Ad,
  status: 201,
});

export const updateAd = route({
  method: 'PATCH',
  path: '/admin/ads/:id',
  tag: 'admin',
  summary: 'Update an advertisement (admin)',
  access: 'admin',
  params: IdParams,
  body: AdPatchBody,
  response: Ad,
});

export const deleteAd = route({
  method: 'DELETE',
  path: '/admin/ads/:id',
  tag: 'admin',
  summary: 'Delete an advertisement (admin)',
  access: 'admin',
  params: IdParams,
  response: Ok,
});
