import { notify, showPopup, useNavigate } from '@bawaba/shared';
import type { ProposalSubmitted } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * Sending a proposal (the wizard's submit and the resubmit form's): while it is on its way the page shows it;
 * when a fee or bond is due the browser goes to the payment provider's page (a full page load, not a route of this
 * site); otherwise a success popup and the bidder's proposals list. A refusal keeps the form as it was.
 */
export function useSendProposal() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function send(call: () => Promise<ProposalSubmitted>, afterSaved?: () => void) {
    setSubmitting(true);
    try {
      const result = await call();
      afterSaved?.();
      if (result.payUrl) {
        window.location.assign(result.payUrl);
        return;
      }
      setSubmitting(false);
      void showPopup({
        kind: 'success',
        title: t`Success!`,
        text: t`Proposal submitted successfully`,
        confirmLabel: t`OK`,
      });
      navigate('/account/submitted-proposals');
    } catch {
      setSubmitting(false);
      notify.error(t`Error submitting proposal`);
    }
  }

  return { submitting, send };
}
