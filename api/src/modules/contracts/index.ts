/** The contracts domain's public surface: what other domains may use (the rest of this folder is its own). */

export { type ContractBusEvents, contractBus } from './bus.ts';
export { contractFromAward } from './service.ts';
