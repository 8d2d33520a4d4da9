import { Field, type MessageTable, translateMessage } from '@bawaba/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/**
 * The contract validation messages the account forms can show, translated (shared/src/contracts carries
 * them in English because the API validates with the same schemas).
 */
export const MESSAGES: MessageTable = {
  'Name is required.': msg`Name is required.`,
  'Name is too long.': msg`Name is too long.`,
  'Current Password is required.': msg`Current Password is required.`,
  'New Password is required.': msg`New Password is required.`,
  'Password must be at least 6 characters long.': msg`Password must be at least 6 characters long.`,
  'Password is too long.': msg`Password is too long.`,
  'Confirm Password is required.': msg`Confirm Password is required.`,
  'Passwords do not match.': msg`Passwords do not match.`,
  'Title is required.': msg`Title is required.`,
  'Start Date is required.': msg`Start Date is required.`,
  'End Date is required.': msg`End Date is required.`,
  'Deadline is required.': msg`Deadline is required.`,
  'End Date must be after Start Date.': msg`End Date must be after Start Date.`,
  'Bond must be 0 or more.': msg`Bond must be 0 or more.`,
  'Participation fee must be 0 or more.': msg`Participation fee must be 0 or more.`,
  'Budget must be 0 or more.': msg`Budget must be 0 or more.`,
  'Image is required.': msg`Image is required.`,
  'Please enter a valid URL (https://…)': msg`Please enter a valid URL (https://…)`,
  'The end must be after the start.': msg`The end must be after the start.`,
  'Must be a valid date': msg`Must be a valid date`,
};

/** A labelled form field with its translated error. */
export function FormField({
  label,
  error,
  required,
  helper,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  // Re-render on a language switch (the error text is translated here).
  useLingui();
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{translateMessage(error, MESSAGES)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
