/**
 * Reading a field's error from react-hook-form's form state without its hooks: the kit is a federation
 * singleton of its own (`@bawaba/shared/forms`), while each app bundles its own react-hook-form, so the kit
 * never touches a form's context, only the plain `formState` object the app passes.
 */

/** What the kit reads of react-hook-form's `formState`. */
export interface FormStateLike {
  errors: object;
  touchedFields?: object;
  isSubmitted?: boolean;
}

/** The value at a dot path (`milestones.0.title`), as react-hook-form names nested fields. */
function at(tree: unknown, path: string): unknown {
  let node = tree;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The untranslated validation message of the field at `path` (give it to FormField or FormError, which
 * translate it). With `whenTouched`, only once the user left the field or tried to submit: a form that
 * validates on every keystroke does not greet the user with errors.
 */
export function fieldError(
  formState: FormStateLike,
  path: string,
  { whenTouched = false }: { whenTouched?: boolean } = {},
): string | undefined {
  if (whenTouched && !formState.isSubmitted && !at(formState.touchedFields, path)) return undefined;
  const error = at(formState.errors, path);
  if (error === null || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
