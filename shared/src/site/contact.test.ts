import { describe, expect, it } from 'vitest';
import { footerServices } from './contact.tsx';

describe('footer services', () => {
  const services = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    slug: `s${i + 1}`,
    name: `Service ${i + 1}`,
    nameEn: `Service ${i + 1}`,
    nameAr: `خدمة ${i + 1}`,
    category: { id: 1, slug: 'c', name: 'C', nameEn: 'C', nameAr: 'ج' },
  }));
  it('lists the services an admin chose, in their order', () => {
    expect(footerServices(services, [9, 2, 11]).map((s) => s.id)).toEqual([9, 2, 11]);
  });
  it('lists the catalogue’s first 8 when none were chosen (or the setting predates the choice)', () => {
    expect(footerServices(services, []).map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(footerServices(services, undefined)).toHaveLength(8);
  });
  it('leaves out a chosen service the catalogue no longer has', () => {
    expect(footerServices(services, [40, 3]).map((s) => s.id)).toEqual([3]);
  });
});
