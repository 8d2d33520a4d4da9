/** The invitations domain's public surface: its reactions to tender events (wired in modules/index.ts). */
export { grantInvitedInterests, sendHeldInvitations } from './delivery.ts';
export { markOpened } from './service.ts';
