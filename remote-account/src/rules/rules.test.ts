import { describe, expect, it } from 'vitest';
import { adState } from '../features/ads/ad-state.ts';
import { canResubmit } from '../pages/ProposalsPage.tsx';
import { landingFor, menuFor } from './menu.ts';

describe('menu rules', () => {
  it('lists the spec table per role and lands admins on the companies list', () => {
    expect(menuFor(true).map((i) => i.path)).toEqual([
      'company-list',
      'requests',
      'security',
      'manage-ads',
      'site-settings',
    ]);
    expect(menuFor(false).map((i) => i.path)).toEqual([
      '',
      'tender-management',
      'sent-requests',
      'requests',
      'security',
      'submitted-proposals',
      'my-interests',
    ]);
    expect(landingFor({ isAdmin: true })).toBe('/account/company-list');
    expect(landingFor({ isAdmin: false })).toBe('/account');
  });
});

describe('proposal rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('allows a resubmission only before the deadline, and never once the tender ended', () => {
    const tender = (deadline: string) => ({
      id: 1,
      title: '',
      number: '',
      deadline,
      currency: 'QAR' as const,
    });
    expect(canResubmit({ tender: tender('2026-11-23T00:00:00Z'), outcome: null }, now)).toBe(true);
    expect(canResubmit({ tender: tender('2026-11-21T00:00:00Z'), outcome: null }, now)).toBe(false);
    expect(canResubmit({ tender: tender('2026-11-23T00:00:00Z'), outcome: 'cancelled' }, now)).toBe(false);
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
