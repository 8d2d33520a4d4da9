import { linguiConfig } from '@bawaba/shared/build/lingui';

// The owner's workspace and the bidder's pages (fragments the account area shows) have their own catalogs: the tenders remote's first pages do
// not fetch its texts (src/exposes/routes.tsx registers it with the fragment).
export default linguiConfig({
  userText: true,
  lazy: {
    workspace: [
      'src/features/workspace',
      'src/features/tender-form',
      // The tender form's title and description fields and the description editor.
      '../shared/src/rich-text',
      'src/features/interests',
      'src/features/invitations',
      'src/features/received-proposals',
      'src/features/decision',
      '../shared/src/kit',
    ],
    bidder: ['src/features/bidder', '../shared/src/kit'],
    // The proposal flow's pages: not the list's first page, so their texts are fetched with them.
    proposal: ['src/pages/wizard', 'src/pages/resubmit'],
    // The questions and answers of a tender's page, its published evaluation method and required credentials, and what a bidder does there
    // about its own proposal after the deadline (the best and final offer).
    profile: [
      'src/features/clarifications',
      'src/features/evaluation',
      'src/features/my-proposal',
      // The kinds of credential a tender requires (src/features/evaluation/RequiredCredentials.tsx).
      '../shared/src/kit/credentials.tsx',
    ],
    // Both sides' contracts in the account area (the list and one contract), a fragment of its own.
    contracts: ['src/features/contracts', '../shared/src/kit'],
    // A losing bidder's objection form, opened on the tender page or the proposal page during a standstill.
    objection: ['src/features/objection'],
  },
});
