import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Ad, AdBody } from './ads.ts';
import { CompanyBody } from './companies.ts';
import { TenderBody } from './tenders.ts';

const tender = { start_date: '2030-01-01', end_date: '2030-02-01', deadline: '2030-01-15' };

describe('bilingual text fields of the contracts', () => {
  it('refuse a request that sends the title in no form, on the single field, beside the other issues', () => {
    const result = v.safeParse(TenderBody, { ...tender, end_date: '2029-01-01' });
    expect(result.success).toBe(false);
    const issues = (result.issues ?? []).map((i) => [v.getDotPath(i), i.message]);
    expect(issues).toContainEqual(['title', 'Title is required.']);
    expect(issues).toContainEqual(['end_date', 'End Date must be after Start Date.']);
  });

  it('take a title written in one language only, or the older forms’ single field', () => {
    expect(v.safeParse(TenderBody, { ...tender, titleAr: 'توريد أجهزة' }).success).toBe(true);
    expect(v.safeParse(TenderBody, { ...tender, title: 'Supply of laptops' }).success).toBe(true);
    expect(v.safeParse(AdBody, { titleEn: 'Spring', imageFileId: crypto.randomUUID() }).success).toBe(true);
    const noName = v.safeParse(CompanyBody, { serviceIds: [1] });
    expect(noName.issues?.map((i) => [v.getDotPath(i), i.message])).toContainEqual([
      'name',
      'Company name is required.',
    ]);
  });

  it('check each version’s length and refuse a blank single title', () => {
    const long = v.safeParse(TenderBody, { ...tender, titleAr: 'ا'.repeat(201) });
    expect(long.issues?.map((i) => [v.getDotPath(i), i.message])).toContainEqual([
      'titleAr',
      'Title must be at most 200 characters.',
    ]);
    expect(v.safeParse(TenderBody, { ...tender, title: '   ' }).success).toBe(false);
    expect(
      v.safeParse(TenderBody, { ...tender, titleEn: 'x', descriptionAr: 'ب'.repeat(20001) }).success,
    ).toBe(false);
  });

  it('answer with the reader’s version, its language and both versions', () => {
    const ad = {
      id: 1,
      imageUrl: '/a.png',
      linkUrl: null,
      active: true,
      startsAt: null,
      endsAt: null,
      createdAt: '2030-01-01T00:00:00Z',
    };
    expect(
      v.safeParse(Ad, { ...ad, title: 'ربيع', titleLang: 'ar', titleEn: null, titleAr: 'ربيع' }).success,
    ).toBe(true);
    expect(v.safeParse(Ad, { ...ad, title: 'x', titleLang: 'fr', titleEn: 'x', titleAr: null }).success).toBe(
      false,
    );
    expect(v.safeParse(Ad, { ...ad, title: 'x', titleLang: 'en', titleEn: 'x' }).success).toBe(false);
  });
});
