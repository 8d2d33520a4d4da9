import {
  ACCEPT,
  MAX_UPLOAD_BYTES,
  PAYMENT_TERMS,
  type Settings,
  UPLOAD_PURPOSES,
} from '@bawaba/shared/contracts';
import { boSetting, saveBoSetting as saveBoSettingRoute, siteSettings } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { readBoSetting, saveBoSetting } from './service.ts';

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

export const settingsModule: Module = (app, ctx) => {
  const read = () => readBoSetting(ctx);

  serve(app, ctx, boSetting, () => read());

  serve(app, ctx, saveBoSettingRoute, async ({ auth, body }) => saveBoSetting(ctx, auth, body));

  serve(app, ctx, siteSettings, async () => SETTINGS);
};
