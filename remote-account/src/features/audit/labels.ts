import type { AdminActionCode, AuditTarget } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What each admin action is called in the audit log (a new action code needs its words here). */
export const ACTION_LABELS: Record<AdminActionCode, MessageDescriptor> = {
  'company.approve': msg`Approved a company`,
  'company.reject': msg`Rejected a company`,
  'tender.approve': msg`Approved a tender`,
  'tender.reject': msg`Rejected a tender`,
  'request.approve': msg`Approved a service request`,
  'request.reject': msg`Rejected a service request`,
  'settings.save': msg`Saved the site settings`,
  'ad.create': msg`Created an ad`,
  'ad.update': msg`Changed an ad`,
  'ad.delete': msg`Deleted an ad`,
  'user.suspend': msg`Suspended a user`,
  'user.restore': msg`Restored a user`,
  'user.resend-verification': msg`Sent the verification mail again`,
  'category.create': msg`Added a category`,
  'category.rename': msg`Renamed a category`,
  'category.move': msg`Moved a category`,
  'category.retire': msg`Retired a category`,
  'category.restore': msg`Restored a category`,
  'service.create': msg`Added a service`,
  'service.rename': msg`Renamed a service`,
  'service.move': msg`Moved a service`,
  'service.retire': msg`Retired a service`,
  'service.restore': msg`Restored a service`,
  'service.merge': msg`Merged a service into another`,
  'location.create': msg`Added a location`,
  'location.rename': msg`Renamed a location`,
  'location.move': msg`Moved a location`,
  'location.retire': msg`Retired a location`,
  'location.restore': msg`Restored a location`,
  'credential.verify': msg`Verified a credential`,
  'credential.reject': msg`Rejected a credential`,
};

export const TARGET_LABELS: Record<AuditTarget, MessageDescriptor> = {
  company: msg`Company`,
  tender: msg`Tender`,
  request: msg`Service request`,
  settings: msg`Site settings`,
  ad: msg`Ad`,
  user: msg`User`,
  category: msg`Category`,
  service: msg`Service`,
  location: msg`Location`,
  credential: msg`Credential`,
};

/** The words of a stored code, or the code itself (a row may keep a code this release no longer writes). */
export const labelOf = <K extends string>(labels: Record<K, MessageDescriptor>, code: string) =>
  (labels as Record<string, MessageDescriptor | undefined>)[code];
