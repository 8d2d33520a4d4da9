import {
  ACCEPT,
  BoSetting,
  BoSettingPatch,
  MAX_UPLOAD_BYTES,
  PAYMENT_TERMS,
  Settings,
  UPLOAD_PURPOSES,
} from '@bawaba/shared/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Ctx, Module } from '../context.ts';
import { services, settings } from '../db/schema.ts';
import { DEFAULT_BO_SETTING } from '../db/seed/demo.ts';
import { AppError } from '../errors.ts';
import { parse } from '../http.ts';
import { requireAdmin } from '../lib/auth.ts';
import { inTx } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

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

  app.get(
    '/bo-setting',
    {
      schema: doc('settings', 'Back-office setting (contact details, working hours, socials)', {
        response: BoSetting,
      }),
    },
    async () => ({
      data: await read(),
    }),
  );

  app.put(
    '/admin/bo-setting',
    {
      schema: doc('admin', 'Update the back-office setting (admin)', {
        response: BoSetting,
        body: BoSettingPatch,
        auth: true,
      }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const patch = Object.fromEntries(
        Object.entries(parse(BoSettingPatch, req.body)).filter(([, value]) => value !== undefined),
      );
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
      return { data: next };
    },
  );

  app.get(
    '/settings',
    { schema: doc('settings', 'Lookup values for forms and filters', { response: Settings }) },
    async () => ({
      data: SETTINGS,
    }),
  );
};
