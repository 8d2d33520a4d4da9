import type { Ad } from '@bawaba/shared/contracts';

/** What the directory's card shows now: switched on and inside its schedule (open ends allowed). */
export function adState(ad: Pick<Ad, 'active' | 'startsAt' | 'endsAt'>, now = new Date()) {
  if (!ad.active) return 'inactive';
  if (ad.startsAt && new Date(ad.startsAt) > now) return 'scheduled';
  if (ad.endsAt && new Date(ad.endsAt) <= now) return 'expired';
  return 'active';
}
