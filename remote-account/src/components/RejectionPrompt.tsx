import { LazyRejectDialog } from '@bawaba/shared/kit';
import { Trans } from '@lingui/react/macro';
import { useRejectionPrompt } from './rejection-prompt.ts';

/** The reject-with-reason dialog of `askToReject` (api.ts asks it for a company, tender or credential rejection). */
export function RejectionPrompt() {
  const prompt = useRejectionPrompt();
  if (!prompt) return null;
  return (
    <LazyRejectDialog
      title={
        prompt.kind === 'company' ? (
          <Trans>Reject this company?</Trans>
        ) : prompt.kind === 'credential' ? (
          <Trans>Reject this credential?</Trans>
        ) : (
          <Trans>Reject this tender?</Trans>
        )
      }
      hint={
        prompt.kind === 'company' ? (
          <Trans>The company's owner sees this reason.</Trans>
        ) : prompt.kind === 'credential' ? (
          <Trans>The company's administrators see this reason.</Trans>
        ) : (
          <Trans>The tender's owner sees this reason.</Trans>
        )
      }
      onReject={prompt.send}
      onClose={prompt.close}
    />
  );
}
