/**
 * How a tender comes to a decision, one file per sub-feature: questions and answers before the cut-off
 * (clarifications.ts), numbered amendments (amendments.ts), the owner's comparison after bid opening
 * (comparison.ts), evaluation and the end — award, no award, cancellation (outcome.ts) — and the audit trail
 * (history.ts). Each write locks the tender row, asks the state machine (lifecycle.ts) and writes its audit line in
 * the same transaction; the reads are in queries.ts.
 */
export { amendTender, listAmendments } from './amendments.ts';
export { answerQuestion, askQuestion, clarificationOut, listClarifications } from './clarifications.ts';
export { comparison } from './comparison.ts';
export { history } from './history.ts';
export { awardTender, cancelTender, endWithoutAward, evaluateProposal } from './outcome.ts';
