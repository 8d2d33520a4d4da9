import { LazyRejectDialog } from '@bawaba/shared/kit';
import { Trans } from '@lingui/react/macro';
import { useRejectionPrompt } from './rejection-prompt.ts';

/** The reject-with-reason dialog of `askToReject` (api.ts asks it for a company or tender rejection). */
export function RejectionPrompt() {
  const prompt = useRejectionPrompt();
  if (!prompt) return null;
  return (
    <LazyRejectDialog
      title={
        prompt.kind === 'company' ? <Trans>Reject this company?</Trans> : <Trans>Reject this tender?</Trans>
      }
      hint={
        prompt.kind === 'company' ? (
          <Trans>The company's owner sees this reason.</Trans>
        ) : (
          <Trans>The tender's owner sees this reason.</Trans>
        )
      }
      onReject={prompt.send}
      onClose={prompt.close}
    />
  );
}
