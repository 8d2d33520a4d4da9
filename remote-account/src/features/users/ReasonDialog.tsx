import { Button, Portal, Stack, Text, Textarea } from '@bawaba/shared';
import { CloseButton } from '@bawaba/shared/chakra-extra';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';

export interface ReasonDialogProps {
  title: ReactNode;
  hint: ReactNode;
  confirmLabel: ReactNode;
  /** A suspension needs a reason (the API refuses one without it); a restore takes one if given. */
  required: boolean;
  /** Sends the action; a refusal throws (the shell shows it) and the dialog stays open. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Suspending or restoring a person: the admin's reason, kept in the audit log. Loaded with its page's first use. */
export default function ReasonDialog({
  title,
  hint,
  confirmLabel,
  required,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (required && !reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch {
      // The shell shows the server's message; the reason stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reason-dialog">
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2">
                  <Text fontSize="sm" color="fg.muted">
                    {hint}
                  </Text>
                  <label htmlFor="admin-reason">
                    <Text fontSize="sm" fontWeight="medium">
                      {required ? <Trans>Reason (required)</Trans> : <Trans>Reason (optional)</Trans>}
                    </Text>
                  </label>
                  <Textarea
                    id="admin-reason"
                    value={reason}
                    onChange={(e) => {
                      setReason(e.currentTarget.value);
                      setMissing(false);
                    }}
                    maxLength={500}
                    dir="auto"
                    rows={4}
                    aria-invalid={missing || undefined}
                    aria-describedby={missing ? 'admin-reason-error' : undefined}
                    data-testid="reason-input"
                  />
                  {missing ? (
                    <Text id="admin-reason-error" fontSize="sm" color="red.700" role="alert">
                      <Trans>Please write the reason.</Trans>
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  type="submit"
                  colorPalette={required ? 'red' : 'brand'}
                  loading={busy}
                  data-testid="reason-confirm"
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
