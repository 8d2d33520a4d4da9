import { intlLocale } from '@bawaba/shared';

export { UploadError, uploadFile } from '@bawaba/shared';

/** Accept lists of the spec (§5 wizard; §2 resubmit). */
export const WIZARD_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.png';
export const RESUBMIT_ACCEPT = '.png,.jpg,.jpeg,.pdf';

export function formatBytes(bytes: number, language: 'en' | 'ar'): string {
  const locale = intlLocale(language);
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
