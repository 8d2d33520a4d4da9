/*
 * A module without schemas (no valibot): the contract rulebook in shared/src/rules reads these lists, and the rules
 * entry must not pull the contract schemas and valibot in with it.
 */

/** The two parties of a contract: the tender's buyer side and the winning proposal's supplier side. */
export const CONTRACT_SIDES = ['buyer', 'supplier'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];

/**
 * A contract's states: `pending` (awaiting both acceptances) → `active` (both accepted) → `completed` (every
 * milestone accepted) | `terminated` (by either side, with a reason, from pending or active).
 */
export const CONTRACT_STATUSES = ['pending', 'active', 'completed', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** A milestone's states; its payment is recorded beside them (`paidAt`, a payment row). */
export const MILESTONE_STATUSES = ['pending', 'submitted', 'changesRequested', 'accepted'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/**
 * A variation's states: proposed → accepted | rejected (by the other side) | withdrawn (by its proposer) | lapsed
 * (still open when the contract completed or was terminated).
 */
export const VARIATION_STATUSES = ['proposed', 'accepted', 'rejected', 'withdrawn', 'lapsed'] as const;
export type VariationStatus = (typeof VARIATION_STATUSES)[number];

/** What a caller may do to a contract itself: the vocabulary of its `can` and `refusals`. */
export const CONTRACT_ACTIONS = ['accept', 'terminate', 'proposeVariation'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/** What a caller may do to one milestone (each milestone's `can` and `refusals`). */
export const MILESTONE_ACTIONS = ['submit', 'accept', 'requestChanges', 'pay'] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

/** What a caller may do to one variation (each variation's `can` and `refusals`). */
export const VARIATION_ACTIONS = ['accept', 'reject', 'withdraw'] as const;
export type VariationAction = (typeof VARIATION_ACTIONS)[number];

/** Every refusal the contract rulebook gives (each an error code of the API, translated there). */
export const CONTRACT_REFUSALS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONTRACT_NOT_FOUND',
  'COMPANY_ROLE_REQUIRED',
  'NOT_CONTRACT_BUYER',
  'NOT_CONTRACT_SUPPLIER',
  'CONTRACT_NOT_PENDING',
  'CONTRACT_ALREADY_ACCEPTED',
  'CONTRACT_NOT_ACTIVE',
  'CONTRACT_ENDED',
  'MILESTONE_NOT_OPEN',
  'MILESTONE_NOT_SUBMITTED',
  'MILESTONE_NOT_ACCEPTED',
  'MILESTONE_PAID',
  'MILESTONE_ACCEPTED',
  'VARIATION_NOT_PROPOSED',
  'OWN_VARIATION',
  'NOT_VARIATION_PROPOSER',
] as const;
export type ContractRefusal = (typeof CONTRACT_REFUSALS)[number];
