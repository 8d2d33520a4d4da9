import type { Reputation } from '@bawaba/shared/contracts';

/** Whether a company has a reputation on Bawaba to show: a contract delivered, or a revealed rating received. */
export const hasReputation = (r: Reputation | undefined): r is Reputation =>
  Boolean(r && (r.contractsDelivered > 0 || r.ratingsCount > 0));

/** An average as shown: one decimal (4.333 → 4.3). */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;
