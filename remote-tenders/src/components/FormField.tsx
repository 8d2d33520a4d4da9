import { Field } from '@bawaba/shared';
import type { ReactNode } from 'react';

interface Props {
  label: ReactNode;
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
  testId?: string;
}

/** Label, control, helper and the (translated) error message of one form field. */
export function FormField({ label, error, helper, required, children, testId }: Props) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} data-testid={testId}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
