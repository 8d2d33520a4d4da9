import { BoSetting } from '@bawaba/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { settings } from '../../db/schema.ts';
import { DEFAULT_BO_SETTING } from '../../db/seed/demo.ts';
import { AppError } from '../../errors.ts';
import { parse } from '../../http.ts';
import { inTx } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { checkServicesUsable } from '../catalog/index.ts';
import { storedBoSetting } from './queries.ts';

/** The back-office setting: the site's contact details and footer services, one row, over the defaults. */

/** What a setting never saved holds: the seed's contact details, and no chosen footer services. */
const DEFAULTS: BoSetting = { ...DEFAULT_BO_SETTING, footerServiceIds: [] };

/** The back-office setting as stored, over the defaults. */
export async function readBoSetting(ctx: Ctx): Promise<BoSetting> {
  const stored = await storedBoSetting(ctx.database.db);
  return { ...DEFAULTS, ...((stored as object | undefined) ?? {}) } as BoSetting;
}

/**
 * Saves what the patch names over the stored setting. Footer services: each once, only the catalogue's, and only
 * those offered now — a service already in the footer is kept once retired (the footer itself leaves it out), like
 * every record keeps the entries it has.
 */
export function saveBoSetting(ctx: Ctx, admin: AdminActor, body: Partial<BoSetting>): Promise<BoSetting> {
  const patch: Record<string, unknown> = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  );
  return inTx(ctx, async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, 'bo-setting')).for('update');
    if (patch.footerServiceIds) {
      const ids = [...new Set(patch.footerServiceIds as number[])];
      const footer = (row?.value as Partial<BoSetting> | undefined)?.footerServiceIds ?? [];
      await checkServicesUsable(tx, ids, footer).catch((e: unknown) => {
        throw e instanceof AppError ? new AppError(e.code, 'footerServiceIds') : e;
      });
      patch.footerServiceIds = ids;
    }
    const merged = parse(BoSetting, {
      ...DEFAULTS,
      ...((row?.value as object | undefined) ?? {}),
      ...patch,
    });
    await tx
      .insert(settings)
      .values({ key: 'bo-setting', value: merged })
      .onConflictDoUpdate({ target: settings.key, set: { value: merged } });
    await recordAdminAction(tx, admin, {
      action: 'settings.save',
      target: { type: 'settings', id: null, label: 'Site settings' },
      details: { fields: Object.keys(patch).sort() },
    });
    return merged;
  });
}
