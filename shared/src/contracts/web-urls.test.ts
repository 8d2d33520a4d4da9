import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AdBody } from './ads.ts';
import { CompanyBody } from './companies.ts';
import { BoSettingPatch } from './settings.ts';

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

describe('stored links are web addresses only (no javascript:/data: URLs)', () => {
  const company = { name: 'Acme', serviceIds: [1] };
  const ad = { title: 'Ad', imageFileId: '3f1b2c4d-1111-4222-8333-944455566677' };

  it('refuses hostile schemes in company links, ad links and the footer links', () => {
    for (const url of HOSTILE) {
      expect(v.safeParse(CompanyBody, { ...company, website_url: url }).success, url).toBe(false);
      expect(v.safeParse(CompanyBody, { ...company, linkedin: url }).success, url).toBe(false);
      expect(v.safeParse(AdBody, { ...ad, linkUrl: url }).success, url).toBe(false);
      expect(v.safeParse(BoSettingPatch, { facebook: url }).success, url).toBe(false);
    }
  });

  it('accepts http(s) addresses and an empty value', () => {
    for (const url of ['https://acme.qa', 'http://acme.qa/about?x=1', '']) {
      expect(v.safeParse(CompanyBody, { ...company, website_url: url }).success, url).toBe(true);
      expect(v.safeParse(AdBody, { ...ad, linkUrl: url }).success, url).toBe(true);
      expect(v.safeParse(BoSettingPatch, { facebook: url }).success, url).toBe(true);
    }
  });
});
