import {
  acceptContract,
  acceptMilestone,
  call,
  contract,
  contracts,
  payMilestone,
  requestMilestoneChanges,
  submitMilestone,
  terminateContract,
} from '@bawaba/shared/call';
import type { MilestoneSubmissionBody } from '@bawaba/shared/contracts';

/** The upload purpose of a milestone's deliverables (UPLOAD_PURPOSES in the shared contracts). */
export const DELIVERABLE_PURPOSE = 'contract-deliverable';

/** The contract calls: both sides' contracts, accepting and ending one, and its milestones' deliverables. */
export const contractsApi = {
  list: () => call(contracts),
  get: (id: number) => call(contract, { params: { id } }),
  accept: (id: number) => call(acceptContract, { params: { id } }),
  terminate: (id: number, reason: string) => call(terminateContract, { params: { id }, body: { reason } }),
  submit: (id: number, milestoneId: number, body: MilestoneSubmissionBody) =>
    call(submitMilestone, { params: { id, milestoneId }, body }),
  acceptMilestone: (id: number, milestoneId: number) =>
    call(acceptMilestone, { params: { id, milestoneId } }),
  requestChanges: (id: number, milestoneId: number, reason: string) =>
    call(requestMilestoneChanges, { params: { id, milestoneId }, body: { reason } }),
  payMilestone: (id: number, milestoneId: number) => call(payMilestone, { params: { id, milestoneId } }),
};
