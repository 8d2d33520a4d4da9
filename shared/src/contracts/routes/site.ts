import * as v from 'valibot';
import { AutocompleteQuery, CatalogQuery, Category, Location, Service } from '../catalog.ts';
import { Health, Ok } from '../common.ts';
import { ContactBody } from '../contact.ts';
import { BoSetting, BoSettingPatch, Settings } from '../settings.ts';
import { route } from './route.ts';

/** The catalogue, the site's settings and the contact form: what every visitor's pages read; and the API's health. */

export const health = route({
  method: 'GET',
  path: '/health',
  tag: 'health',
  summary: 'Liveness and the database kind',
  access: 'public',
  response: Health,
});

export const categories = route({
  method: 'GET',
  path: '/categories',
  tag: 'catalog',
  summary: 'Categories with their services (retired ones only when asked)',
  access: 'public',
  query: CatalogQuery,
  response: v.array(Category),
});

export const locations = route({
  method: 'GET',
  path: '/locations',
  tag: 'catalog',
  summary: 'Locations',
  access: 'public',
  query: CatalogQuery,
  response: v.array(Location),
});

export const services = route({
  method: 'GET',
  path: '/services',
  tag: 'catalog',
  summary: 'All services (flat, with category)',
  access: 'public',
  query: CatalogQuery,
  response: v.array(Service),
});

export const autocompleteServices = route({
  method: 'GET',
  path: '/services/autocomplete',
  tag: 'catalog',
  summary: 'Service-name autocomplete (English and Arabic; never a retired service)',
  access: 'public',
  query: AutocompleteQuery,
  response: v.array(Service),
});

export const boSetting = route({
  method: 'GET',
  path: '/bo-setting',
  tag: 'settings',
  summary: 'Back-office setting (contact details, working hours, socials)',
  access: 'public',
  response: BoSetting,
});

export const saveBoSetting = route({
  method: 'PUT',
  path: '/admin/bo-setting',
  tag: 'admin',
  summary: 'Update the back-office setting (admin)',
  access: 'admin',
  body: BoSettingPatch,
  response: BoSetting,
});

export const siteSettings = route({
  method: 'GET',
  path: '/settings',
  tag: 'settings',
  summary: 'Lookup values for forms and filters',
  access: 'public',
  response: Settings,
});

export const contact = route({
  method: 'POST',
  path: '/contact',
  tag: 'settings',
  summary: 'Send a contact-us message to the back office',
  access: 'public',
  body: ContactBody,
  response: Ok,
});
