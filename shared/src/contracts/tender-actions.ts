/*
 * A module without schemas (no valibot): the tender rulebook in shared/src/rules reads this list, and the rules are
 * in the remotes' first pages, which must not pull the contract schemas and valibot in with them (the first-page
 * JavaScript budget).
 */

/**
 * Everything a caller may do to a tender, by name: the vocabulary of the tender rulebook (shared/src/rules/
 * tender-rules.ts), of every tender's `can` and of the test that walks every state and role through the API.
 */
export const TENDER_ACTIONS = [
  // A bidder's (signed in, not an administrator, not the owner)
  'submitProposal',
  'resubmitProposal',
  'expressInterest',
  'askQuestion',
  // The owner's
  'edit',
  'publish',
  'close',
  'invite',
  'decideInterest',
  'answerQuestion',
  'amend',
  'evaluate',
  'award',
  'noAward',
  'cancel',
  'startBafo',
  // A company approver's: the award, no award or cancellation another member asked for (four eyes)
  'approveDecision',
  'refuseDecision',
  // An invited bidder's best and final offer
  'submitBafo',
  // A losing bidder's during the standstill, and the buyer side's answer
  'fileObjection',
  'answerObjection',
  // The evaluation panel's (docs/decisions/0014-evaluation-panel.md): the buyer side appoints it; an evaluator signs
  // or declines the conflict-of-interest declaration, scores and submits; the chair asks for a revisit and locks the
  // technical stage (in a lowest-price tender in two envelopes, the buyer side locks it)
  'appointPanel',
  'signDeclaration',
  'scoreProposals',
  'requestRevisit',
  'lockTechnical',
  // An administrator's
  'approve',
  'reject',
] as const;
