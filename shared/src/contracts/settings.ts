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
  /** The services the footer lists, in this order (at most 8); none chosen: the catalogue's first 8. */
  footerServiceIds: v.pipe(
    v.array(
      v.pipe(v.number('Must be a list of ids'), v.integer('Must be a list of ids')),
      'Must be a list of ids',
    ),
    v.maxLength(8, 'At most 8 services in the footer.'),
  ),
});
export type BoSetting = v.InferOutput<typeof BoSetting>;
/**
 * The window event an app sends after an admin saved the back-office setting, with the saved setting as its
 * `detail`: the shell's footer and contact page show it at once (they load the setting once per language).
 */
export const SITE_SETTINGS_CHANGED = 'bawaba:site-settings-changed';

/** PUT /admin/bo-setting (admin): any subset. */
export const BoSettingPatch = v.partial(BoSetting);
export type BoSettingPatch = v.InferInput<typeof BoSettingPatch>;

/** GET /settings — lookup values for forms and filters. */
export const Settings = v.object({
  currencies: v.array(v.string()),
  defaultCurrency: v.literal('QAR'),
  paymentTerms: v.array(v.object({ value: v.string(), label: v.string() })),
  defaultPaymentTerms: v.literal('30_days'),
  tenderStatuses: v.array(v.string()),
  approvalStatuses: v.array(v.string()),
  uploadPurposes: v.array(v.string()),
  /** Per upload purpose, the accepted file extensions. */
  accept: v.record(v.string(), v.array(v.string())),
  maxUploadBytes: v.number(),
  limits: v.object({
    companyPageSize: v.number(),
    tenderPageSize: v.number(),
    notificationPageSize: v.number(),
    requestDescriptionMax: v.number(),
    passwordMin: v.number(),
    proposalSummaryMax: v.number(),
    /** [min, max] in QAR. */
    bondRange: v.array(v.number()),
  }),
});
export type Settings = v.InferOutput<typeof Settings>;
