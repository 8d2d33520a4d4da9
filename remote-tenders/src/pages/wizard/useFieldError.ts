import { translateMessage } from '@bawaba/shared';
import { type FieldValues, get, useFormState } from 'react-hook-form';

/** The translated message of a field (dot path), shown once the field was touched or a step was checked. */
export function useFieldError<T extends FieldValues>() {
  const { errors } = useFormState<T>();
  return (path: string): string | undefined => {
    const error = get(errors, path) as { message?: string } | undefined;
    return translateMessage(error?.message);
  };
}
