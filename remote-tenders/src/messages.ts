import type { MessageTable } from '@bawaba/shared';
import { msg } from '@lingui/core/macro';

/**
 * The contract schemas (shared/contracts/proposals.ts) carry the spec's English messages; the forms show
 * them through this table so Arabic readers get Arabic (translateMessage in @bawaba/shared).
 */
export const PROPOSAL_MESSAGES: MessageTable = {
  // Proposal wizard (spec §5)
  'Please upload at least one supporting document': msg`Please upload at least one supporting document`,
  'Please provide a proposal title': msg`Please provide a proposal title`,
  'Please provide a proposal description': msg`Please provide a proposal description`,
  'Please enter proposal value': msg`Please enter proposal value`,
  'Value must be greater than zero': msg`Value must be greater than zero`,
  'Please specify project duration': msg`Please specify project duration`,
  'Duration must be at least 1 day': msg`Duration must be at least 1 day`,
  'Please select payment terms': msg`Please select payment terms`,
  'Milestone title is required': msg`Milestone title is required`,
  'Please describe deliverables': msg`Please describe deliverables`,
  'Please enter payment amount': msg`Please enter payment amount`,
  'Amount must be greater than zero': msg`Amount must be greater than zero`,
  'Please specify duration': msg`Please specify duration`,
  'Please select start date': msg`Please select start date`,
  'Please select end date': msg`Please select end date`,
  'Please select expected finish date': msg`Please select expected finish date`,
  'Please add at least one milestone': msg`Please add at least one milestone`,
  'Please complete all required fields': msg`Please complete all required fields`,
  'Item name is required': msg`Item name is required`,
  'Quantity must be at least 1': msg`Quantity must be at least 1`,
  'Unit price cannot be negative': msg`Unit price cannot be negative`,
  'Unit price must be at least 0.01': msg`Unit price must be at least 0.01`,
  'End date must be on or after the start date': msg`End date must be on or after the start date`,
  'Expected finish date must be on or after the start date': msg`Expected finish date must be on or after the start date`,
  // Resubmit form (spec §5)
  'Attachment is required.': msg`Attachment is required.`,
  'Offer Price is required.': msg`Offer Price is required.`,
  'Offer Price must be greater than 0.': msg`Offer Price must be greater than 0.`,
  'Title is required.': msg`Title is required.`,
  'Description is required.': msg`Description is required.`,
  'Period is required.': msg`Period is required.`,
  'Period must be greater than 0.': msg`Period must be greater than 0.`,
  'Milestone Title is required.': msg`Milestone Title is required.`,
  'Milestone Description is required.': msg`Milestone Description is required.`,
  'Amount is required.': msg`Amount is required.`,
  'Amount must be greater than 0.': msg`Amount must be greater than 0.`,
  'Start Date is required.': msg`Start Date is required.`,
  'End Date is required.': msg`End Date is required.`,
  'Expected Completion Date is required.': msg`Expected Completion Date is required.`,
};

/** Payment terms labels (spec §3). */
export const PAYMENT_TERM_LABELS = {
  '30_days': msg`Net 30 Days`,
  '60_days': msg`Net 60 Days`,
  advance: msg`50% Advance, 50% Completion`,
  custom: msg`Custom Terms`,
} as const;
