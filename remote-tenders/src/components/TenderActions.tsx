import {
  Button,
  confirmPopup,
  HStack,
  type StackProps,
  showPopup,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { actionKey } from '@bawaba/shared/rules';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { submitInterest } from '../api.ts';
import { tenderActions } from '../rules/actions.ts';

interface Props extends StackProps {
  tender: Tender;
  /** Called after interest was submitted (the page reloads the tender). */
  onChanged?: () => void;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * The tender's action buttons, as the API's `can` allows them (rules/actions.ts). Anonymous visitors go to the guarded wizard route,
 * where the host's guard opens the login modal and continues there after sign-in.
 */
export function TenderActions({ tender, onChanged, size = 'sm', ...stack }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const [interestSent, setInterestSent] = useState(false);
  const [sending, setSending] = useState(false);
  // The same Idempotency-Key until the interest was accepted: a retry never sends a second one.
  const [interestKey] = useState(actionKey);
  const actions = tenderActions(tender, interestSent);

  if (actions.proposal === 'hidden' && actions.interest === 'hidden') return null;

  async function onInterest() {
    if (!token) {
      navigate(`/submit-proposal/${tender.id}`);
      return;
    }
    const confirmed = await confirmPopup({
      title: t`Submit Interest`,
      text: t`Are you sure you want to submit interest for this tender?`,
      confirmLabel: t`Submit`,
      cancelLabel: t`Cancel`,
    });
    if (!confirmed) return;
    setSending(true);
    try {
      await submitInterest(tender.id, interestKey.for(tender.id));
      interestKey.done();
      setInterestSent(true);
      await showPopup({
        kind: 'success',
        title: t`Success`,
        text: t`Interest submitted successfully.`,
        confirmLabel: t`OK`,
      });
      onChanged?.();
    } catch {
      // The shell shows the server's message (docs/product-spec.md §8 popups).
    } finally {
      setSending(false);
    }
  }

  return (
    <HStack gap="2" wrap="wrap" data-testid="tender-actions" {...stack}>
      {actions.proposal !== 'hidden' && (
        <Button
          size={size}
          colorPalette="brand"
          disabled={actions.proposal === 'disabled'}
          onClick={() => navigate(`/submit-proposal/${tender.id}`)}
          data-testid="action-submit-proposal"
        >
          {t`Submit Proposal`}
        </Button>
      )}
      {actions.interest !== 'hidden' && (
        <Button
          size={size}
          variant="outline"
          colorPalette="brand"
          disabled={actions.interest === 'disabled'}
          loading={sending}
          onClick={onInterest}
          data-testid="action-interest"
        >
          {t({ message: 'Interest', context: 'action: express interest in a tender' })}
        </Button>
      )}
    </HStack>
  );
}
