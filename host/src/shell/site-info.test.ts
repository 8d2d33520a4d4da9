import { type BoSetting, SITE_SETTINGS_CHANGED } from '@bawaba/shared/contracts';
import { describe, expect, it } from 'vitest';
import { siteInfoStore } from './site-info.ts';

const saved: BoSetting = {
  email: 'info@bawaba.qa',
  phone: '+974 4411 2233',
  addressEn: 'West Bay, Doha',
  addressAr: 'الخليج الغربي، الدوحة',
  workingHoursEn: '',
  workingHoursAr: '',
  facebook: '',
  twitter: '',
  linkedin: '',
  instagram: '',
  youtube: '',
  footerServiceIds: [],
};

describe('site info', () => {
  it('shows a setting an admin saved in another app at once, without loading it again', () => {
    siteInfoStore.setState({ settings: { ...saved, phone: '+974 4000 0000' }, language: 'en' });
    window.dispatchEvent(new CustomEvent(SITE_SETTINGS_CHANGED, { detail: saved }));
    expect(siteInfoStore.getState().settings?.phone).toBe('+974 4411 2233');
    expect(siteInfoStore.getState().language).toBe('en');
  });
});
