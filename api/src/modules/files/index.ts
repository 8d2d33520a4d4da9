/** The files domain's public surface: what other domains may use (the rest of this folder is its own). */

export { filesByIds } from './queries.ts';
export { fileOut } from './serializers.ts';
