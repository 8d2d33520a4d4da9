import {
  bidderCatalogs,
  contractsCatalogs,
  profileCatalogs,
  proposalCatalogs,
  withCatalog,
  workspaceCatalogs,
} from '../catalog-loaders.ts';

/**
 * The loaders of the parts with a catalog of their own (the fragments, the proposal pages): each resolves to the module of its page (`{ default }`) once the page's own catalog is in,
 * for `React.lazy` in routes.tsx. A loader, not a lazy component: a lazy component must resolve to a component, and
 * one lazy resolving to another renders nothing but React's error 306.
 */

/** `tenderWorkspace`: the owner's workspace. */
export const loadTenderWorkspace = () =>
  withCatalog(import('../features/workspace/WorkspacePage.tsx'), 'tenders-workspace', workspaceCatalogs);

/** `bidderProposals`: the bidder's proposals. */
export const loadBidderProposals = () =>
  withCatalog(import('../features/bidder/MyProposalsPage.tsx'), 'tenders-bidder', bidderCatalogs);

/** `bidderInterests`: the bidder's interests and the invitations to their companies. */
export const loadBidderInterests = () =>
  withCatalog(import('../features/bidder/MyInterestsPage.tsx'), 'tenders-bidder', bidderCatalogs);

/** `contracts`: both sides' contracts, the list and one contract (/account/contracts/:id). */
export const loadContracts = () =>
  withCatalog(import('../features/contracts/ContractsArea.tsx'), 'tenders-contracts', contractsCatalogs);

/** The page /submit-proposal/:id. */
export const loadProposalWizard = () =>
  withCatalog(import('../pages/wizard/ProposalWizard.tsx'), 'tenders-proposal', proposalCatalogs);

/** The page /resubmit-proposal/:id. */
export const loadResubmitProposal = () =>
  withCatalog(import('../pages/resubmit/ResubmitProposal.tsx'), 'tenders-proposal', proposalCatalogs);

/** The page /tender-profile/:id. */
export const loadTenderProfile = () =>
  withCatalog(import('../pages/TenderProfile.tsx'), 'tenders-profile', profileCatalogs);
