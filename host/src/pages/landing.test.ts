import { describe, expect, it } from 'vitest';
import { landingAfterSetPassword } from './landing.ts';

describe('landing after set-password', () => {
  it('sends admins to the companies list, owners home, others to their account', () => {
    expect(landingAfterSetPassword({ isAdmin: true, hasCompany: false })).toBe('/account/company-list');
    expect(landingAfterSetPassword({ isAdmin: true, hasCompany: true })).toBe('/account/company-list');
    expect(landingAfterSetPassword({ isAdmin: false, hasCompany: true })).toBe('/');
    expect(landingAfterSetPassword({ isAdmin: false, hasCompany: false })).toBe('/account');
    expect(landingAfterSetPassword({ isAdmin: false })).toBe('/account');
  });
});
