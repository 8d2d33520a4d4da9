import { useParams } from '@bawaba/shared';
import { contractIdOf } from '../../rules/contracts.ts';
import { ContractList } from './ContractList.tsx';
import { ContractPage } from './ContractPage.tsx';

/**
 * The fragment `contracts`, mounted by the host in the account area's slot at /account/contracts and every path below
 * it: the list of the caller's contracts, or one contract at /account/contracts/:id.
 */
export default function ContractsArea() {
  const id = contractIdOf(useParams()['*']);
  return id === null ? <ContractList /> : <ContractPage key={id} id={id} />;
}
