import {
  acceptContract,
  acceptMilestone,
  acceptVariation,
  call,
  contract,
  contractDocument,
  contracts,
  payMilestone,
  proposeVariation,
  rateContract,
  rejectVariation,
  replyToRating,
  requestMilestoneChanges,
  saveFile,
  submitMilestone,
  terminateContract,
  withdrawVariation,
} from '@bawaba/shared/call';
import type { MilestoneSubmissionBody, RatingBody, VariationBody } from '@bawaba/shared/contracts';

/** The upload purpose of a milestone's deliverables (UPLOAD_PURPOSES in the shared contracts). */
export const DELIVERABLE_PURPOSE = 'contract-deliverable';

/** The contract calls: both sides' contracts, accepting and ending one, its milestones and variations, the ratings after it, and its document. */
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
  proposeVariation: (id: number, body: VariationBody) => call(proposeVariation, { params: { id }, body }),
  /** The other side accepts or rejects a proposed variation; its proposer withdraws it. */
  answerVariation: (id: number, variationId: number, answer: 'accept' | 'reject' | 'withdraw') => {
    const params = { id, variationId };
    return answer === 'accept'
      ? call(acceptVariation, { params })
      : answer === 'reject'
        ? call(rejectVariation, { params })
        : call(withdrawVariation, { params });
  },
  /** My side's rating of the other side (again: changes it until the ratings are revealed). */
  rate: (id: number, body: RatingBody) => call(rateContract, { params: { id }, body }),
  /** My side's one reply to the rating it received. */
  reply: (id: number, reply: string) => call(replyToRating, { params: { id }, body: { reply } }),
  /** The contract document as a PDF in `lang`, saved by the browser (the call needs the Bearer header). */
  document: (id: number, lang: 'en' | 'ar', fileName: string) =>
    saveFile(contractDocument, { params: { id }, query: { lang }, fileName }),
};
