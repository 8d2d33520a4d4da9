/**
 * The open-data domain's public surface (docs/decisions/0017-open-data.md): the bus subscribers that queue a tender
 * for publishing, wired in modules/index.ts, and the drain the tests use.
 */
import type { ContractBusEvents } from '../contracts/index.ts';
import type { TenderBusEvents } from '../tenders/index.ts';
import { queueTender } from './publisher.ts';
import { tenderOfContract } from './queries.ts';

export { drainOpenData } from './publisher.ts';

/** A line written to a tender's history: its public snapshot may have changed (queued in the same transaction). */
export async function queueRecordedTender(e: TenderBusEvents['tenderRecorded']): Promise<void> {
  await queueTender(e.tx, e.tenderId);
}

/** A line written to a contract's history: the contract's tender is queued (in the same transaction). */
export async function queueRecordedContract(e: ContractBusEvents['contractRecorded']): Promise<void> {
  const tenderId = await tenderOfContract(e.tx, e.contractId);
  if (tenderId !== null) await queueTender(e.tx, tenderId);
}
