import type { MessageTable } from '@bawaba/shared';
import { msg } from '@lingui/core/macro';

/** The contract schemas' English messages used by the host's forms, translated (shared/src/i18n/messages.ts). */
export const FORM_MESSAGES: MessageTable = {
  'Email is required.': msg`Email is required.`,
  'Please enter a valid email address.': msg`Please enter a valid email address.`,
  'Password is required.': msg`Password is required.`,
  'Name is required.': msg`Name is required.`,
  'New Password is required.': msg`New Password is required.`,
  'Password must be at least 6 characters long.': msg`Password must be at least 6 characters long.`,
  'Password is too long.': msg`Password is too long.`,
  'Confirm Password is required.': msg`Confirm Password is required.`,
  'Passwords do not match.': msg`Passwords do not match.`,
  'Invalid or missing verification token.': msg`Invalid or missing verification token.`,
  'Phone is required.': msg`Phone is required.`,
  'Phone must contain digits only.': msg`Phone must contain digits only.`,
  'Subject is required.': msg`Subject is required.`,
  'Message is required.': msg`Message is required.`,
};
