/** The payments domain's public surface: what other domains may use (the rest of this folder is its own). */
export { payNowRefusal, type Started, sandboxProvider, settleEndedTender, startPayment } from './service.ts';
