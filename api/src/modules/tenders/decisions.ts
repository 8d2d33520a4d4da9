/**
 * How a tender comes to a decision, one file per sub-feature: questions and answers before the cut-off
 * (clarifications.ts), numbered amendments (amendments.ts), evaluation and the end — award, no award,
 * cancellation (outcome.ts) — and the audit trail (history.ts); the owner's comparison of the proposals is the
 * proposals domain's (proposals/comparison.ts). Each write locks the tender row, asks the state machine (lifecycle.ts) and writes its audit line in
 * the same transaction; the reads are in queries.ts.
 */
export { amendTender, listAmendments } from './amendments.ts';
export { answerQuestion, askQuestion, clarificationOut, listClarifications } from './clarifications.ts';
export { history } from './history.ts';
export { awardTender, cancelTender, endWithoutAward, evaluateProposal } from './outcome.ts';
