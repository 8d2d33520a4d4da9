import {
  AdminCatalog,
  AdminCategory,
  AdminLocation,
  AdminService,
  CatalogCreateBody,
  CatalogMergeBody,
  CatalogMergeResult,
  CatalogPatchBody,
  ServiceCreateBody,
} from '../catalog.ts';
import { IdParams } from '../common.ts';
import { route } from './route.ts';

/**
 * The catalogue as platform administrators manage it: categories with their services, and locations (the public
 * reads are in site.ts). Every change names the version it read; an older one is refused (409).
 */

export const adminCatalog = route({
  method: 'GET',
  path: '/admin/catalog',
  tag: 'admin',
  summary: 'The whole catalogue with retired entries and their uses (admin)',
  access: 'admin',
  response: AdminCatalog,
});

export const createCategory = route({
  method: 'POST',
  path: '/admin/catalog/categories',
  tag: 'admin',
  summary: 'Add a category, last in order (admin)',
  access: 'admin',
  body: CatalogCreateBody,
  response: AdminCategory,
  status: 201,
  errors: [409],
});

export const updateCategory = route({
  method: 'PATCH',
  path: '/admin/catalog/categories/:id',
  tag: 'admin',
  summary: 'Rename, move, retire or restore a category at the version read (admin)',
  access: 'admin',
  params: IdParams,
  body: CatalogPatchBody,
  response: AdminCategory,
  errors: [404, 409],
});

export const createService = route({
  method: 'POST',
  path: '/admin/catalog/services',
  tag: 'admin',
  summary: 'Add a service to a category, last in order (admin)',
  access: 'admin',
  body: ServiceCreateBody,
  response: AdminService,
  status: 201,
  errors: [409],
});

export const updateService = route({
  method: 'PATCH',
  path: '/admin/catalog/services/:id',
  tag: 'admin',
  summary: 'Rename, move, retire or restore a service at the version read (admin)',
  access: 'admin',
  params: IdParams,
  body: CatalogPatchBody,
  response: AdminService,
  errors: [404, 409],
});

export const createLocation = route({
  method: 'POST',
  path: '/admin/catalog/locations',
  tag: 'admin',
  summary: 'Add a location, last in order (admin)',
  access: 'admin',
  body: CatalogCreateBody,
  response: AdminLocation,
  status: 201,
  errors: [409],
});

export const updateLocation = route({
  method: 'PATCH',
  path: '/admin/catalog/locations/:id',
  tag: 'admin',
  summary: 'Rename, move, retire or restore a location at the version read (admin)',
  access: 'admin',
  params: IdParams,
  body: CatalogPatchBody,
  response: AdminLocation,
  errors: [404, 409],
});

export const mergeService = route({
  method: 'POST',
  path: '/admin/catalog/services/:id/merge',
  tag: 'admin',
  summary: 'Merge a service into another: its companies, tenders and follows move there (admin)',
  access: 'admin',
  params: IdParams,
  body: CatalogMergeBody,
  response: CatalogMergeResult,
  errors: [404, 409],
});
