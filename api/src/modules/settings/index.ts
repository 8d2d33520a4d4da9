/** The settings' public surface: what other domains may use (the rest of this folder is its own). */
export { readBoSetting } from './service.ts';
