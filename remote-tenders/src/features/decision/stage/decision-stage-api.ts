import {
  answerObjection,
  approveDecision,
  call,
  decisionRequests,
  fileObjection,
  objections,
  refuseDecision,
} from '@bawaba/shared/call';
import type { ObjectionAnswerBody, ObjectionBody } from '@bawaba/shared/contracts';

/** The decision stage's calls (docs/decisions/0013-decision-stage.md): four eyes and objections. */
export const decisionStageApi = {
  requests: (tenderId: number) => call(decisionRequests, { params: { id: tenderId } }),
  approve: (tenderId: number) => call(approveDecision, { params: { id: tenderId } }),
  refuse: (tenderId: number, reason: string) =>
    call(refuseDecision, { params: { id: tenderId }, body: { reason } }),
  objections: (tenderId: number) => call(objections, { params: { id: tenderId } }),
  object: (tenderId: number, body: ObjectionBody) => call(fileObjection, { params: { id: tenderId }, body }),
  answer: (tenderId: number, objectionId: number, body: ObjectionAnswerBody) =>
    call(answerObjection, { params: { id: tenderId, objectionId }, body }),
};
