/** The webhooks domain's public surface: its bus subscribers (wired in modules/index.ts). */
export { webhooksOnContractRecorded, webhooksOnQuestionAsked, webhooksOnTenderRecorded } from './events.ts';
