import { useLoad } from '@bawaba/shared';
import { LoadFailed, Loading } from '@bawaba/shared/kit';
import { ProposalVersionView } from '@bawaba/shared/kit/proposal-version';
import { Trans } from '@lingui/react/macro';
import { getProposal } from '../../../api.ts';

/** A proposal's latest version as the evaluator reads it (its financial part sealed until the technical lock). */
export default function ProposalText({ proposalId }: { proposalId: number }) {
  const proposal = useLoad(`panel-proposal:${proposalId}`, () => getProposal(proposalId));
  if (proposal.loading && !proposal.data) return <Loading />;
  if (!proposal.data) return <LoadFailed onRetry={proposal.reload} />;
  const current = proposal.data.current;
  return current ? (
    <ProposalVersionView version={current} />
  ) : (
    <Trans>This proposal has no version to read.</Trans>
  );
}
