import { RejectionBody } from '@bawaba/shared/contracts';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import ReasonDialog from './ReasonDialog.tsx';

export interface RejectDialogProps {
  /** What is rejected, as the dialog's title ("Reject the interest of …"; names users typed in <bdi>). */
  title: ReactNode;
  /** Who reads the reason ("The bidder sees this reason."). */
  hint: ReactNode;
  /** Sends the rejection; a refusal throws (the shell shows it) and the dialog stays open. */
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Rejecting an interest, a service request, a company or a tender: the reason is required (RejectionBody: at most
 * 500 characters) and is shown to the person rejected. Nothing is sent until it is valid.
 */
export default function RejectDialog({ title, hint, onReject, onClose }: RejectDialogProps) {
  return (
    <ReasonDialog
      title={title}
      hint={hint}
      label={<Trans>Reason for rejection</Trans>}
      confirmLabel={<Trans>Reject</Trans>}
      confirmPalette="red"
      body={RejectionBody}
      required
      onConfirm={onReject}
      onClose={onClose}
      testIdPrefix="reject"
    />
  );
}
