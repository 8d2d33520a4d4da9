import { Field, Input, type InputProps, Textarea, translateMessage } from '@bawaba/shared';
import { forwardRef } from 'react';
import { FORM_MESSAGES } from './messages.ts';

interface TextFieldProps extends InputProps {
  label: string;
  error?: string | undefined;
  /** Render a textarea (contact message). */
  multiline?: boolean;
  optional?: boolean;
}

/** A labelled input with its translated validation message (used by every host form). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, multiline, optional, required, ...input },
  ref,
) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {optional ? null : <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea
          ref={ref as unknown as React.Ref<HTMLTextAreaElement>}
          rows={5}
          {...(input as React.ComponentProps<typeof Textarea>)}
        />
      ) : (
        <Input ref={ref} {...input} />
      )}
      {error ? <Field.ErrorText>{translateMessage(error, FORM_MESSAGES)}</Field.ErrorText> : null}
    </Field.Root>
  );
});
