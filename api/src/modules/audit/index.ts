/** The admin audit log's public surface: every domain records its admin actions with it (the rest is its own). */
export { type AdminActor, recordAdminAction } from './record.ts';
