import { bafoRound, call, startBafo, submitBafo } from '@bawaba/shared/call';
import type { StartBafoBody } from '@bawaba/shared/contracts';

/** The best-and-final-offer round's calls (docs/decisions/0015-best-and-final-offer.md). */
export const bafoApi = {
  round: (tenderId: number) => call(bafoRound, { params: { id: tenderId } }),
  start: (tenderId: number, body: StartBafoBody) => call(startBafo, { params: { id: tenderId }, body }),
  offer: (tenderId: number, offerPrice: number) =>
    call(submitBafo, { params: { id: tenderId }, body: { offerPrice } }),
};
