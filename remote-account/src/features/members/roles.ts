import { MEMBER_ROLES, type MemberRole } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The name of each company role on the members page (what each role may do: docs/decisions/0011-organisations.md). */
export const ROLE_LABELS: Record<MemberRole, MessageDescriptor> = {
  admin: msg({ message: 'Administrator', context: 'company role' }),
  buyer: msg({ message: 'Buyer', context: 'company role' }),
  bidder: msg({ message: 'Bidder', context: 'company role' }),
  viewer: msg({ message: 'Viewer', context: 'company role' }),
  approver: msg({ message: 'Approver', context: 'company role' }),
};

export const ROLE_HINTS: Record<MemberRole, MessageDescriptor> = {
  admin: msg`Company profile, members and roles`,
  buyer: msg`The company's tenders`,
  bidder: msg`Interests, proposals and payments`,
  viewer: msg`Reads tenders and proposals`,
  approver: msg`Approves another member's award, no award or cancellation (four eyes)`,
};

export { MEMBER_ROLES };
