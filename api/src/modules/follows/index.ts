/** The follows domain's public surface: its reaction to tender events (wired in modules/index.ts). */
export { alertFollowers } from './alerts.ts';
