import { describe, expect, it } from 'vitest';
import { companyFixture } from './testing.ts';

describe('companyFixture', () => {
  it('is an approved, unmasked company with the patch over it', () => {
    const company = companyFixture({ id: 8, name: 'Huda Interiors', status: 'pending' });
    expect(company).toMatchObject({ id: 8, name: 'Huda Interiors', status: 'pending', masked: false });
    expect(companyFixture().status).toBe('approved');
  });

  it('refuses a company the contract refuses', () => {
    expect(() => companyFixture({ status: 'archived' as never })).toThrow();
    expect(() => companyFixture({ services: [{ id: 1 }] as never })).toThrow();
  });
});
