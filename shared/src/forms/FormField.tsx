import { useLingui } from '@lingui/react';
import { forwardRef, type ReactNode, type Ref, useId } from 'react';
import { translateMessage } from '../i18n/messages.ts';
import { Field, Input, type InputProps, Text, Textarea, type TextProps } from '../ui/chakra.ts';

/** A field's error as a form library reports it: the message, or an error object carrying it. */
export type FieldErrorLike = string | { message?: string | undefined } | null | undefined;

/** The message of an error given as text or as a react-hook-form `FieldError`. */
export const messageOf = (error: FieldErrorLike): string | undefined =>
  typeof error === 'string' ? error || undefined : error?.message || undefined;

export interface FormFieldProps extends Omit<Field.RootProps, 'label' | 'invalid' | 'children'> {
  label: ReactNode;
  /** The validation message (the contract's English, translated here through the one message table). */
  error?: FieldErrorLike;
  /** Help below the control; replaced by the error while there is one. */
  helper?: ReactNode;
  /** Marks the control required (indicator after the label, `aria-required`); the schema still decides. */
  required?: boolean;
  /** `data-testid` of the field's root. */
  testId?: string;
  /** The control: Chakra's Input, Textarea or NativeSelect.Field pick up from the field by themselves their
   * id (the label's target), `aria-invalid`, `aria-errormessage` (the error text, announced politely when it
   * appears) and `aria-describedby` (the helper text). */
  children: ReactNode;
}

/**
 * One form field: label, the control (the slot), help, and the error in the reader's language. Works with
 * react-hook-form + the valibot resolver: `<FormField label={t`Email`} error={errors.email}>
 * <Input {...register('email')} /></FormField>`.
 */
export function FormField({ label, error, helper, required, testId, children, ...root }: FormFieldProps) {
  // Re-render on a language switch: the error is translated here, not by the caller.
  useLingui();
  const message = translateMessage(messageOf(error));
  return (
    <Field.Root {...root} invalid={Boolean(message)} required={required} data-testid={testId}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !message ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {message ? <Field.ErrorText data-testid="field-error">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: ReactNode;
  error?: FieldErrorLike;
  helper?: ReactNode;
  /** A textarea (several lines) instead of an input. */
  multiline?: boolean;
  /** Lines of the textarea. */
  rows?: number;
  testId?: string;
}

/**
 * The common case of FormField: a text input (or textarea) with its label and translated error. Takes
 * react-hook-form's `register(name)` props as they are (the ref goes to the input or textarea).
 */
export const TextField = forwardRef<HTMLInputElement | HTMLTextAreaElement, TextFieldProps>(
  function TextField(
    { label, error, helper, multiline, rows = 5, testId, required, disabled, readOnly, ...control },
    ref,
  ) {
    const id = useId();
    const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
    // Screen readers read `aria-describedby` more widely than `aria-errormessage`: the error describes the
    // control while there is one, else the helper does.
    const describedBy = messageOf(error) ? ids.errorText : helper ? ids.helperText : undefined;
    return (
      <FormField
        label={label}
        error={error}
        helper={helper}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        testId={testId}
        ids={ids}
      >
        {multiline ? (
          <Textarea
            ref={ref as Ref<HTMLTextAreaElement>}
            rows={rows}
            aria-describedby={describedBy}
            {...(control as React.ComponentProps<typeof Textarea>)}
          />
        ) : (
          <Input ref={ref as Ref<HTMLInputElement>} aria-describedby={describedBy} {...control} />
        )}
      </FormField>
    );
  },
);

/**
 * A validation message outside a field (a group of checkboxes, a list that needs one row, a step of a
 * wizard), translated like a field's error and announced to screen readers.
 */
export function FormError({ error, ...text }: { error: FieldErrorLike } & Omit<TextProps, 'children'>) {
  useLingui();
  const message = translateMessage(messageOf(error));
  if (!message) return null;
  return (
    <Text role="alert" color="fg.error" fontSize="sm" data-testid="form-error" {...text}>
      {message}
    </Text>
  );
}
