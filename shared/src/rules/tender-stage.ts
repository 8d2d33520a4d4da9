import type { TenderState } from '../contracts/tenders.ts';

/**
 * Where a tender stands, as every page shows it — derived only from the `state` the API sends (its state machine
 * is tender-rules.ts), never from dates or flags the browser reads on its own.
 */
export interface TenderStage {
  /** The lifecycle state: draft … published (accepting proposals) → bids opened (awaiting decision) → outcome. */
  stage: TenderState;
  /** Proposals and interest are accepted now. */
  accepting: boolean;
  /** Awarded, closed without award or cancelled: nothing more happens to it. */
  ended: boolean;
  /**
   * Whether the tender's access (open to all, or closed: interest needed) still matters and is shown: while it is
   * prepared or accepting proposals, not once bids are opened or it has ended (an ended tender is never "Open").
   */
  showsAccess: boolean;
}

/** The stages in the order a tender goes through them (the owner's tabs and the list's stage filter). */
export const TENDER_STAGES = [
  'draft',
  'pending_approval',
  'rejected',
  'published',
  'bids_opened',
  'standstill',
  'awarded',
  'no_award',
  'cancelled',
] as const satisfies readonly TenderState[];

const ENDED: readonly TenderState[] = ['awarded', 'no_award', 'cancelled'];

export function tenderStage(tender: { state: TenderState }): TenderStage {
  const stage = tender.state;
  const ended = ENDED.includes(stage);
  return {
    stage,
    accepting: stage === 'published',
    ended,
    showsAccess: !ended && stage !== 'bids_opened' && stage !== 'standstill',
  };
}
