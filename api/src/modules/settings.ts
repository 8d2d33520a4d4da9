import {
  ACCEPT,
  BoSetting,
  MAX_UPLOAD_BYTES,
  PAYMENT_TERMS,
  type Settings,
  UPLOAD_PURPOSES,
} from '@bawaba/shared/contracts';
import { boSetting, saveBoSetting, siteSettings } from '@bawaba/shared/routes';
import { eq, inArray } from 'drizzle-orm';
import type { Ctx, Module } from '../context.ts';
import { services, settings } from '../db/schema.ts';
import { DEFAULT_BO_SETTING } from '../db/seed/demo.ts';
import { AppError } from '../errors.ts';
import { parse } from '../http.ts';
import { inTx } from '../lib/tx.ts';
import { serve } from '../route.ts';

const SETTINGS: Settings = {
  currencies: ['QAR', 'USD', 'EUR'],
  defaultCurrency: 'QAR',
  paymentTerms: PAYMENT_TERMS.map((p) => ({ value: p.value, label: p.label })),
  defaultPaymentTerms: '30_days',
  tenderStatuses: ['open', 'closed'],
  approvalStatuses: ['draft', 'pending', 'approved', 'rejected'],
  uploadPurposes: [...UPLOAD_PURPOSES],
  accept: Object.fromEntries(
    Object.entries(ACCEPT).map(([purpose, extensions]) => [purpose, [...extensions]]),
  ),
  maxUploadBytes: MAX_UPLOAD_BYTES,
  limits: {
    companyPageSize: 5,
    tenderPageSize: 8,
    notificationPageSize: 4,
    requestDescriptionMax: 500,
    passwordMin: 6,
    proposalSummaryMax: 2000,
    bondRange: [0, 100000],
  },
};

/** What a setting never saved holds: the seed's contact details, and no chosen footer services. */
const DEFAULTS: BoSetting = { ...DEFAULT_BO_SETTING, footerServiceIds: [] };

/** The back-office setting as stored, over the defaults. */
export async function readBoSetting(ctx: Ctx): Promise<BoSetting> {
  const [row] = await ctx.database.db.select().from(settings).where(eq(settings.key, 'bo-setting'));
  return { ...DEFAULTS, ...((row?.value as object | undefined) ?? {}) } as BoSetting;
}

export const settingsModule: Module = (app, ctx) => {
  const read = () => readBoSetting(ctx);

  serve(app, ctx, boSetting, () => read());

  serve(app, ctx, saveBoSetting, async ({ body }) => {
    const patch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const next = await inTx(ctx, async (tx) => {
      if (patch.footerServiceIds) {
        // Each service once, and only services of the catalogue.
        const ids = [...new Set(patch.footerServiceIds as number[])];
        const found = ids.length
          ? await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids))
          : [];
        if (found.length !== ids.length) throw new AppError('UNKNOWN_SERVICE', 'footerServiceIds');
        patch.footerServiceIds = ids;
      }
      const [row] = await tx.select().from(settings).where(eq(settings.key, 'bo-setting')).for('update');
      const merged = parse(BoSetting, {
        ...DEFAULTS,
        ...((row?.value as object | undefined) ?? {}),
        ...patch,
      });
      await tx
        .insert(settings)
        .values({ key: 'bo-setting', value: merged })
        .onConflictDoUpdate({ target: settings.key, set: { value: merged } });
      return merged;
    });
    return next;
  });

  serve(app, ctx, siteSettings, async () => SETTINGS);
};
