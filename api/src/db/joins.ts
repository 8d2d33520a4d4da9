import { and, eq } from 'drizzle-orm';
import { proposals, proposalVersions } from './schema.ts';

/**
 * The join of a proposal to its current version (`proposals ⋈ proposal_versions`): what the bidder offers now. A
 * proposal keeps every version it was resubmitted with; evaluation, the best-and-final round, the contract and the
 * open data read only the current one.
 */
export const currentProposalVersion = and(
  eq(proposalVersions.proposalId, proposals.id),
  eq(proposalVersions.version, proposals.currentVersion),
);
