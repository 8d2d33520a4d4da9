import * as v from 'valibot';
import { Email } from './auth.ts';

const Text = v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.'));
const Url = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.url('Please enter a valid URL (https://…)'),
    // Web addresses only: a javascript: or data: URL would run or render code where the link is clicked.
    v.regex(/^https?:\/\//i, 'Please enter a valid URL (https://…)'),
  ),
]);

/** GET /bo-setting — the back-office setting (footer and contact page). */
export const BoSetting = v.object({
  email: Email(),
  phone: Text,
  addressEn: Text,
  addressAr: Text,
  workingHoursEn: Text,
  workingHoursAr: Text,
  facebook: Url,
  twitter: Url,
  linkedin: Url,
  instagram: Url,
  youtube: Url,
});
export type BoSetting = v.InferOutput<typeof BoSetting>;
/** PUT /admin/bo-setting (admin): any subset. */
export const BoSettingPatch = v.partial(BoSetting);
export type BoSettingPatch = v.InferInput<typeof BoSettingPatch>;

/** GET /settings — lookup values for forms and filters. */
export type Settings = {
  currencies: string[];
  defaultCurrency: 'QAR';
  paymentTerms: { value: string; label: string }[];
  defaultPaymentTerms: '30_days';
  tenderStatuses: string[];
  approvalStatuses: string[];
  uploadPurposes: string[];
  accept: Record<string, readonly string[]>;
  maxUploadBytes: number;
  limits: {
    companyPageSize: number;
    tenderPageSize: number;
    notificationPageSize: number;
    requestDescriptionMax: number;
    passwordMin: number;
    proposalSummaryMax: number;
    bondRange: [number, number];
  };
};
