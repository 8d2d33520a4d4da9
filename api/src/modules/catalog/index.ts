/** The catalogue's public surface: what other domains may use (the rest of this folder is its own). */
export { checkCategoryUsable, checkLocationUsable, checkServicesUsable } from './usable.ts';
