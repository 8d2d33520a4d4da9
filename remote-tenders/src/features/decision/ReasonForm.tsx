import { Button, Field, HStack, Textarea } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

/** A required text and a confirm button: the reason of an ending, the note of an award. */
export function ReasonForm({
  label,
  submit,
  onSubmit,
  onCancel,
  testId,
  required = true,
  danger = false,
}: {
  label: string;
  submit: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
  testId: string;
  required?: boolean;
  danger?: boolean;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      data-testid={testId}
      onSubmit={async (event) => {
        event.preventDefault();
        if (required && !text.trim()) return;
        setSending(true);
        try {
          await onSubmit(text.trim());
        } catch {
          // The shell shows the server's message.
        } finally {
          setSending(false);
        }
      }}
    >
      <Field.Root required={required}>
        <Field.Label>{label}</Field.Label>
        <Textarea
          name="reason"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          dir="auto"
        />
      </Field.Root>
      <HStack gap="2" mt="2">
        <Button
          type="submit"
          size="sm"
          colorPalette={danger ? 'red' : 'brand'}
          loading={sending}
          disabled={required && !text.trim()}
        >
          {submit}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Back</Trans>
        </Button>
      </HStack>
    </form>
  );
}
