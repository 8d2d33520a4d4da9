import {
  CONTRACT_ACTIONS,
  type ContractAction,
  type ContractRefusal,
  type ContractSide,
  type ContractStatus,
  MILESTONE_ACTIONS,
  type MilestoneAction,
  type MilestoneStatus,
  VARIATION_ACTIONS,
  type VariationAction,
  type VariationStatus,
} from '../contracts/contract-actions.ts';

/**
 * The contract rulebook: the ONE place that says what may be done to a contract, its milestones and its variations,
 * by whom, in which state. The API asks it before every write, with the contract's row locked
 * (api/src/modules/contracts/service.ts), and sends its answer with every contract (`can`, `refusals` on the
 * contract, on each milestone and on each variation), so the pages offer exactly what the server accepts.
 *
 *   pending ──both sides accept──▶ active ──every milestone accepted──▶ completed
 *      └────────────terminate (either side, with a reason)──────────────▶ terminated
 *
 * A milestone: pending ──submit (supplier)──▶ submitted ──accept (buyer)──▶ accepted ──pay (buyer, once)
 *                                      ▲             └──request changes (buyer)──▶ changesRequested ──submit──┘
 * A variation (a milestone's due date or amount, or the scope): proposed by either side, accepted or rejected by the
 * other, withdrawn by its proposer; it changes nothing until accepted.
 */

/** One party of a contract: its company, or the person when the record has no company. */
type ContractParty = { companyId: number | null; userId: number };

/** The columns the rules read from a contract row. */
export interface ContractFacts {
  status: ContractStatus;
  buyer: ContractParty;
  supplier: ContractParty;
  buyerAcceptedAt: Date | string | null;
  supplierAcceptedAt: Date | string | null;
}

/** Who asks: the session's person, the company it acts for (null: the person as themselves) and their roles in it. */
export type ContractViewer = {
  id: number;
  isAdmin: boolean;
  companyId?: number | null;
  roles?: readonly string[];
} | null;

/** The company roles that act for each side (a member with none of them reads the contract but acts on nothing). */
export const SIDE_ROLES: Record<ContractSide, readonly ('buyer' | 'bidder' | 'admin')[]> = {
  buyer: ['buyer', 'admin'],
  supplier: ['bidder', 'admin'],
};

const onParty = (p: ContractParty, viewer: NonNullable<ContractViewer>): boolean =>
  p.companyId !== null ? (viewer.companyId ?? null) === p.companyId : viewer.id === p.userId;

/** The caller's side of the contract (null: neither; an administrator is never a party). */
export function contractSide(
  c: Pick<ContractFacts, 'buyer' | 'supplier'>,
  viewer: ContractViewer,
): ContractSide | null {
  if (!viewer || viewer.isAdmin) return null;
  if (onParty(c.buyer, viewer)) return 'buyer';
  if (onParty(c.supplier, viewer)) return 'supplier';
  return null;
}

/** A milestone as the rules read it. */
export interface MilestoneFacts {
  status: MilestoneStatus;
  paid: boolean;
}

/** A variation as the rules read it: who proposed it and the status of the milestone it changes (null: the scope). */
export interface VariationFacts {
  status: VariationStatus;
  proposedBy: ContractSide;
  milestoneStatus: MilestoneStatus | null;
}

type Check<F> = (c: ContractFacts, viewer: NonNullable<ContractViewer>, f: F) => ContractRefusal | null;

const first =
  <F>(...checks: Check<F>[]): Check<F> =>
  (c, viewer, f) => {
    for (const check of checks) {
      const refusal = check(c, viewer, f);
      if (refusal) return refusal;
    }
    return null;
  };

/** Members' routes are closed to administrators' role (403); they read any contract. */
const notAdmin: Check<unknown> = (_, v) => (v.isAdmin ? 'FORBIDDEN' : null);
/** Anyone outside both sides is answered as if the contract did not exist. */
const party: Check<unknown> = (c, v) => (contractSide(c, v) ? null : 'CONTRACT_NOT_FOUND');
/** A member acting for a party's company needs a role that acts for its side (`SIDE_ROLES`). */
const role: Check<unknown> = (c, v) => {
  const side = contractSide(c, v);
  // A personal party acts as the person, whatever company their session acts for.
  if (!side || c[side].companyId === null) return null;
  return SIDE_ROLES[side].some((r) => (v.roles ?? []).includes(r)) ? null : 'COMPANY_ROLE_REQUIRED';
};
const member = first<unknown>(notAdmin, party, role);
const onSide =
  (side: ContractSide): Check<unknown> =>
  (c, v) =>
    contractSide(c, v) === side ? null : side === 'buyer' ? 'NOT_CONTRACT_BUYER' : 'NOT_CONTRACT_SUPPLIER';
const active: Check<unknown> = (c) => (c.status === 'active' ? null : 'CONTRACT_NOT_ACTIVE');
const acceptedAt = (c: ContractFacts, side: ContractSide) =>
  side === 'buyer' ? c.buyerAcceptedAt : c.supplierAcceptedAt;

const CONTRACT_RULES: Record<ContractAction, Check<undefined>> = {
  accept: first<undefined>(
    member,
    (c) => (c.status === 'pending' ? null : 'CONTRACT_NOT_PENDING'),
    (c, v) => (acceptedAt(c, contractSide(c, v)!) ? 'CONTRACT_ALREADY_ACCEPTED' : null),
  ),
  // Either side may end the contract early, with a reason, while it is pending or active.
  terminate: first<undefined>(member, (c) =>
    c.status === 'pending' || c.status === 'active' ? null : 'CONTRACT_ENDED',
  ),
  proposeVariation: first<undefined>(member, active),
};

const MILESTONE_RULES: Record<MilestoneAction, Check<MilestoneFacts>> = {
  submit: first<MilestoneFacts>(member, onSide('supplier'), active, (_, __, m) =>
    m.status === 'pending' || m.status === 'changesRequested' ? null : 'MILESTONE_NOT_OPEN',
  ),
  accept: first<MilestoneFacts>(member, onSide('buyer'), active, (_, __, m) =>
    m.status === 'submitted' ? null : 'MILESTONE_NOT_SUBMITTED',
  ),
  requestChanges: first<MilestoneFacts>(member, onSide('buyer'), active, (_, __, m) =>
    m.status === 'submitted' ? null : 'MILESTONE_NOT_SUBMITTED',
  ),
  // Accepted work is owed: a milestone accepted before the contract completed or was terminated stays payable.
  pay: first<MilestoneFacts>(
    member,
    onSide('buyer'),
    (_, __, m) => (m.status === 'accepted' ? null : 'MILESTONE_NOT_ACCEPTED'),
    (_, __, m) => (m.paid ? 'MILESTONE_PAID' : null),
  ),
};

const proposed: Check<VariationFacts> = (_, __, x) =>
  x.status === 'proposed' ? null : 'VARIATION_NOT_PROPOSED';
const otherSide: Check<VariationFacts> = (c, v, x) =>
  contractSide(c, v) === x.proposedBy ? 'OWN_VARIATION' : null;

const VARIATION_RULES: Record<VariationAction, Check<VariationFacts>> = {
  // An accepted milestone's date and amount are settled: a variation of it can no longer take effect.
  accept: first<VariationFacts>(member, active, proposed, otherSide, (_, __, x) =>
    x.milestoneStatus === 'accepted' ? 'MILESTONE_ACCEPTED' : null,
  ),
  reject: first<VariationFacts>(member, active, proposed, otherSide),
  withdraw: first<VariationFacts>(member, active, proposed, (c, v, x) =>
    contractSide(c, v) === x.proposedBy ? null : 'NOT_VARIATION_PROPOSER',
  ),
};

/** Why the caller may not take `action` on the contract now (the API's refusal), or null when they may. */
export function contractRefusal(
  action: ContractAction,
  c: ContractFacts,
  viewer: ContractViewer,
): ContractRefusal | null {
  return viewer ? CONTRACT_RULES[action](c, viewer, undefined) : 'UNAUTHORIZED';
}

export function milestoneRefusal(
  action: MilestoneAction,
  c: ContractFacts,
  m: MilestoneFacts,
  viewer: ContractViewer,
): ContractRefusal | null {
  return viewer ? MILESTONE_RULES[action](c, viewer, m) : 'UNAUTHORIZED';
}

export function variationRefusal(
  action: VariationAction,
  c: ContractFacts,
  x: VariationFacts,
  viewer: ContractViewer,
): ContractRefusal | null {
  return viewer ? VARIATION_RULES[action](c, viewer, x) : 'UNAUTHORIZED';
}

/** What the caller may do (`can`) and why not (`refusals`), for a list of actions and the rule of each. */
function permissions<A extends string>(
  actions: readonly A[],
  refusal: (action: A) => ContractRefusal | null,
): { can: Record<A, boolean>; refusals: Partial<Record<A, ContractRefusal>> } {
  const can = {} as Record<A, boolean>;
  const refusals: Partial<Record<A, ContractRefusal>> = {};
  for (const action of actions) {
    const r = refusal(action);
    can[action] = r === null;
    if (r) refusals[action] = r;
  }
  return { can, refusals };
}

export const contractPermissions = (c: ContractFacts, viewer: ContractViewer) =>
  permissions(CONTRACT_ACTIONS, (a) => contractRefusal(a, c, viewer));

export const milestonePermissions = (c: ContractFacts, m: MilestoneFacts, viewer: ContractViewer) =>
  permissions(MILESTONE_ACTIONS, (a) => milestoneRefusal(a, c, m, viewer));

export const variationPermissions = (c: ContractFacts, x: VariationFacts, viewer: ContractViewer) =>
  permissions(VARIATION_ACTIONS, (a) => variationRefusal(a, c, x, viewer));

/**
 * The milestones' amounts for a contract worth `value`: each proposal milestone's amount, scaled in proportion when
 * they do not add up to the value (a best-and-final price below the offer, or milestones that did not add up),
 * in cents, the last taking the rounding remainder, so they always add up to the value.
 */
export function milestoneAmounts(amounts: readonly number[], value: number): number[] {
  const cents = Math.round(value * 100);
  if (amounts.length === 0) return [];
  const given = amounts.map((a) => Math.round(a * 100));
  const total = given.reduce((s, a) => s + a, 0);
  if (total === cents) return given.map((a) => a / 100);
  const scaled =
    total > 0
      ? given.map((a) => Math.floor((a * cents) / total))
      : given.map(() => Math.floor(cents / given.length));
  const rest = cents - scaled.reduce((s, a) => s + a, 0);
  scaled[scaled.length - 1]! += rest;
  return scaled.map((a) => a / 100);
}
