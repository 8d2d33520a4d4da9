/**
 * The tender domain's public surface: what other domains may use (dependency-cruiser refuses an import of any
 * other file of this folder from outside it). Everything else here is the domain's own business.
 */
export { type TenderBusEvents, tenderBus } from './bus.ts';
export {
  allow,
  callerOf,
  lockTender,
  mayTake,
  refuseUnless,
  stateCondition,
  tenderState,
} from './lifecycle.ts';
export { asksForAny } from './queries.ts';
export { isPast, isPublic, type TenderRow } from './rows.ts';
export { LIST_SCOPES, lockOwnTender, ownedTender } from './service.ts';
export { finaliseDueAwards } from './standstill.ts';
export { serializeTenders, viewerOf } from './tender-serializer.ts';
