import { linguiConfig } from '@bawaba/shared/build/lingui';

// The pages other than the directory (a company, registration, a service request) have their own catalog: the
// directory's first page does not fetch their texts (src/exposes/routes.tsx registers it with them). The company form's
// description editor (shared/src/rich-text) is only on those pages. Of the kit, only the credential badges of the
// cards and the company page (shared/src/kit/credentials.tsx).
export default linguiConfig({
  kitFiles: ['credentials.tsx'],
  userText: true,
  lazy: {
    pages: ['src/pages', '../shared/src/rich-text'],
    // The invite dialog, fetched on the first "Invite to tender" (src/features/invitations/InviteLauncher.tsx).
    invite: ['src/features/invitations/dialog'],
  },
});
