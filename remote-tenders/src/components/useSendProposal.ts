import { notify, showPopup, useNavigate } from '@bawaba/shared';
import type { ProposalSubmitted } from '@bawaba/shared/contracts';
import { actionKey } from '@bawaba/shared/rules';
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
  // One Idempotency-Key per submission: a retry of the same body after an error or a timeout sends it again, so
  // the server writes the proposal once (api/README.md "Idempotent creates").
  const [keys] = useState(actionKey);

  async function send<B>(
    body: B,
    call: (body: B, key: string) => Promise<ProposalSubmitted>,
    afterSaved?: () => void,
  ) {
    setSubmitting(true);
    try {
      const result = await call(body, keys.for(body));
      keys.done();
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
