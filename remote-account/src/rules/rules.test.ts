import { describe, expect, it } from 'vitest';
import { adState } from '../features/ads/ad-state.ts';
import { landingFor, menuFor } from './menu.ts';

describe('menu rules', () => {
  it('lists the spec table per role and lands admins on the companies list', () => {
    expect(menuFor(true).map((i) => i.path)).toEqual([
      'company-list',
      'requests',
      'security',
      'manage-ads',
      'site-settings',
      'users',
      'audit-log',
      'catalogue',
      'dashboard',
      'credential-verification',
    ]);
    expect(menuFor(false).map((i) => i.path)).toEqual([
      '',
      'tender-management',
      'sent-requests',
      'requests',
      'security',
      'submitted-proposals',
      'my-interests',
      'contracts',
      'members',
    ]);
    // The dashboard is offered to a company's buyers and administrators only (the API refuses the others).
    expect(menuFor(false, ['buyer']).map((i) => i.path)).toContain('dashboard');
    expect(
      menuFor(false, ['admin'])
        .map((i) => i.path)
        .slice(-3),
    ).toEqual(['dashboard', 'credentials', 'webhooks']);
    // The company's credentials and webhooks are its administrators' (the API refuses the others).
    expect(menuFor(false, ['buyer', 'bidder']).map((i) => i.path)).not.toContain('credentials');
    expect(menuFor(false, ['buyer', 'bidder', 'viewer']).map((i) => i.path)).not.toContain('webhooks');
    expect(menuFor(false, ['viewer', 'bidder']).map((i) => i.path)).not.toContain('dashboard');
    expect(landingFor({ isAdmin: true })).toBe('/account/company-list');
    expect(landingFor({ isAdmin: false })).toBe('/account');
  });
});

describe('ad state', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is active inside its schedule, scheduled before, expired after, inactive when switched off', () => {
    expect(adState({ active: true, startsAt: null, endsAt: null }, now)).toBe('active');
    expect(adState({ active: true, startsAt: '2026-12-01T00:00:00Z', endsAt: null }, now)).toBe('scheduled');
    expect(adState({ active: true, startsAt: null, endsAt: '2026-11-01T00:00:00Z' }, now)).toBe('expired');
    expect(adState({ active: false, startsAt: null, endsAt: null }, now)).toBe('inactive');
  });
});
