import { Button, Portal, Stack, Text, Textarea } from '@bawaba/shared';
import { CloseButton } from '@bawaba/shared/chakra-extra';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { FormField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';

/** A body with the reason a route takes (required or optional, at most so long: the route's own contract). */
type ReasonBody = { reason?: string | undefined };

export interface ReasonDialogProps {
  /** What is done, as the dialog's title ("Reject the interest of …"; names users typed in <bdi>). */
  title: ReactNode;
  /** What follows and who reads the reason ("The bidder sees this reason."). */
  hint: ReactNode;
  /** The reason field's label. */
  label: ReactNode;
  /** The confirming button's label, and its colour (red for an action against someone). */
  confirmLabel: ReactNode;
  confirmPalette: 'red' | 'brand';
  /** The route's body contract (whether a reason is required, how long it may be), checked before sending. */
  body: v.GenericSchema<ReasonBody, ReasonBody>;
  /** Marks the field required: as the body contract says. */
  required: boolean;
  /** Sends the action with the reason ('' when none was given); a refusal throws (the shell shows it). */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** Test ids `<prefix>-dialog`, `<prefix>-reason`, `<prefix>-confirm`. */
  testIdPrefix: string;
}

/**
 * An action that takes a reason — a rejection, an admin's suspension or restore: the reason is checked against the
 * route's own body contract before anything is sent; a refusal keeps the dialog open with the reason for another
 * try. Loaded with the page's first use (the overlays are a lazy part of the shared singleton).
 */
export default function ReasonDialog({
  title,
  hint,
  label,
  confirmLabel,
  confirmPalette,
  body,
  required,
  onConfirm,
  onClose,
  testIdPrefix,
}: ReasonDialogProps) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReasonBody>({ resolver: valibotResolver(body), defaultValues: { reason: '' } });

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason ?? '');
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
          <Dialog.Content data-testid={`${testIdPrefix}-dialog`}>
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
                    label={label}
                    error={errors.reason}
                    required={required}
                    // The theme's error red (red.500) is 3.8:1 on white, under WCAG AA's 4.5:1 (axe): red.700 here.
                    css={{ '--chakra-colors-fg-error': 'var(--chakra-colors-red-700)' }}
                  >
                    <Textarea
                      {...register('reason')}
                      dir="auto"
                      rows={4}
                      data-testid={`${testIdPrefix}-reason`}
                    />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  type="submit"
                  colorPalette={confirmPalette}
                  loading={isSubmitting}
                  data-testid={`${testIdPrefix}-confirm`}
                >
                  {confirmLabel}
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
