/** The payments domain's public surface: what other domains may use (the rest of this folder is its own). */
export {
  type PaymentProvider,
  payNowRefusal,
  type Started,
  sandboxProvider,
  settleOnTenderEnd,
  startPayment,
} from './service.ts';
