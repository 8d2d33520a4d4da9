import { RELEASE_TAGS, type ReleaseTag } from '@bawaba/shared/contracts';
import type { Snapshot, SnapshotBuild } from './build.ts';

/** JSON with object keys sorted: the same for a snapshot built now and one read back from jsonb. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same JSON value, whatever the order of its keys (a release read back from jsonb has them sorted). */
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const without = <T extends Record<string, unknown>>(o: T, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/**
 * The tags of a new release: what changed since the tender's previous release (none: its first, `tender`).
 * A new amendment → tenderAmendment; the tender cancelled → tenderCancellation; any other change to the tender
 * (an answered question, bids opened, closed without an award) → tenderUpdate; a new award → award, a changed one
 * (final, withdrawn) → awardUpdate; a new contract → contract; its milestones or payments → implementation; its
 * termination → contractTermination; any other change to it → contractUpdate. In the codelist's order.
 */
export function tagsFor(prev: Snapshot | null, next: SnapshotBuild): ReleaseTag[] {
  const n = next.release;
  const tags = new Set<ReleaseTag>();
  if (!prev) tags.add('tender');
  else {
    const amended = (n.tender.amendments?.length ?? 0) > (prev.tender.amendments?.length ?? 0);
    if (amended) tags.add('tenderAmendment');
    if (n.tender.status === 'cancelled' && prev.tender.status !== 'cancelled') tags.add('tenderCancellation');
    else if (!amended && (!same(prev.tender, n.tender) || !same(prev.bids, n.bids))) tags.add('tenderUpdate');
  }
  for (const a of n.awards ?? []) {
    const before = prev?.awards?.find((x) => x.id === a.id);
    if (!before) tags.add('award');
    else if (!same(before, a)) tags.add('awardUpdate');
  }
  for (const c of n.contracts ?? []) {
    const before = prev?.contracts?.find((x) => x.id === c.id);
    if (!before) {
      tags.add('contract');
      if (c.implementation) tags.add('implementation');
      continue;
    }
    if (next.terminatedContracts.includes(c.id) && before.status !== 'terminated')
      tags.add('contractTermination');
    if (!same(before.implementation, c.implementation) || !same(before.milestones, c.milestones))
      tags.add('implementation');
    if (!same(without(before, 'implementation', 'milestones'), without(c, 'implementation', 'milestones'))) {
      if (!tags.has('contractTermination')) tags.add('contractUpdate');
    }
  }
  // Something else a visitor sees changed (a party): still a change of the tender.
  if (tags.size === 0) tags.add('tenderUpdate');
  return RELEASE_TAGS.filter((t) => tags.has(t));
}
