import { acceptContract, call, contract, contracts, terminateContract } from '@bawaba/shared/call';

/** The contract calls: both sides' contracts, accepting one and ending it early. */
export const contractsApi = {
  list: () => call(contracts),
  get: (id: number) => call(contract, { params: { id } }),
  accept: (id: number) => call(acceptContract, { params: { id } }),
  terminate: (id: number, reason: string) => call(terminateContract, { params: { id }, body: { reason } }),
};
