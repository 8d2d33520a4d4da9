import type { MessageTable } from '@bawaba/shared';
import { msg } from '@lingui/core/macro';

/** The contract schemas' English messages (ServiceRequestBody, CompanyBody), translated for this remote's forms. */
export const CONTRACT_MESSAGES: MessageTable = {
  'Name is required.': msg`Name is required.`,
  'Email is required.': msg`Email is required.`,
  'Please enter a valid email address.': msg`Please enter a valid email address.`,
  'Phone is required.': msg`Phone is required.`,
  'Phone must contain digits only.': msg`Phone must contain digits only.`,
  'Phone number is too long.': msg`Phone number is too long.`,
  'Please select at least one service.': msg`Please select at least one service.`,
  'Project title is required.': msg`Project title is required.`,
  'Description is required.': msg`Description is required.`,
  'Description must be at most 500 characters.': msg`Description must be at most 500 characters.`,
  'Company is required.': msg`Company is required.`,
  'Company name is required.': msg`Company name is required.`,
  'Description is too long.': msg`Description is too long.`,
  'Please enter a valid URL (https://…)': msg`Please enter a valid URL (https://…)`,
  'Invalid file id': msg`Invalid file id`,
};
