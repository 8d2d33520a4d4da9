import type { Tx } from '../../db/client.ts';
import { eventBus } from '../../lib/events.ts';

/**
 * What happens to a contract that other domains react to. The contract domain publishes and knows none of the
 * subscribers; modules/index.ts wires them. Each event carries the transaction it happened in, so a subscriber's
 * writes commit or roll back with the change.
 */
export type ContractBusEvents = {
  /**
   * A line was written to the contract's history (service.ts `record`), in the transaction that made the change:
   * what open data and webhooks publish of a contract starts here.
   */
  contractRecorded: { tx: Tx; contractId: number; action: string; details: Record<string, unknown> };
};

export const contractBus = eventBus<ContractBusEvents>();
