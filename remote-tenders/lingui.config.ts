import { linguiConfig } from '@bawaba/shared/build/lingui';

// The owner's workspace (a fragment the account area shows) has its own catalog: the tenders remote's first pages do
// not fetch its texts (src/exposes/routes.tsx registers it with the fragment).
export default linguiConfig({
  lazy: {
    workspace: [
      'src/features/workspace',
      'src/features/tender-form',
      'src/features/interests',
      'src/features/invitations',
      'src/features/received-proposals',
      'src/features/decision',
      '../shared/src/kit',
    ],
  },
});
