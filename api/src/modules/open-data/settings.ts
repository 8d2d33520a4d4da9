import { OCDS_DEFAULTS, type OcdsConfig } from '../../config.ts';
import type { Ctx } from '../../context.ts';

/** The open-data settings of this process: the configured ones over the defaults (config.ts). */
export const ocdsSettings = (ctx: Ctx): OcdsConfig => ({ ...OCDS_DEFAULTS, ...ctx.config.ocds });

/** The publisher every package names: its name, its URI (the site unless configured), its scheme and uid if set. */
export function publisherOf(ctx: Ctx) {
  const s = ocdsSettings(ctx);
  return {
    name: s.publisherName,
    ...(s.publisherScheme ? { scheme: s.publisherScheme } : {}),
    ...(s.publisherUid ? { uid: s.publisherUid } : {}),
    uri: s.publisherUri ?? ctx.site('/'),
  };
}
