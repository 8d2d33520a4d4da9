/** The credentials domain's public surface: what other domains may use (the rest of this folder is its own). */

export { badgesOf } from './badges.ts';
export { heldCredentialKinds } from './queries.ts';
