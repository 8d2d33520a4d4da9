import { Button, Portal, Stack, Text, Textarea } from '@bawaba/shared';
import { CloseButton } from '@bawaba/shared/chakra-extra';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { RejectionBody } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';

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
 * 500 characters) and is shown to the person rejected. Nothing is sent until it is valid. Loaded with the page's
 * first Reject click (the overlays are a lazy part of the shared singleton).
 */
export default function RejectDialog({ title, hint, onReject, onClose }: RejectDialogProps) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RejectionBody>({ resolver: valibotResolver(RejectionBody), defaultValues: { reason: '' } });

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onReject(reason);
      onClose();
    } catch {
      // The shell shows the server's message; the reason stays for another try.
    }
  });

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reject-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted">
                    {hint}
                  </Text>
                  <FormField
                    label={<Trans>Reason for rejection</Trans>}
                    error={errors.reason}
                    required
                    // The theme's error red (red.500) is 3.8:1 on white, under WCAG AA's 4.5:1 (axe): red.700 here.
                    css={{ '--chakra-colors-fg-error': 'var(--chakra-colors-red-700)' }}
                  >
                    <Textarea {...register('reason')} dir="auto" rows={4} data-testid="reject-reason" />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" colorPalette="red" loading={isSubmitting} data-testid="reject-confirm">
                  <Trans>Reject</Trans>
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
