/**
 * The form kit, a LAZY part of the shared singleton (like `@bawaba/shared/chakra-extra`): the host's first
 * page never loads it. Every form of the host and the remotes uses it:
 *
 *   import { FormField, TextField, FormError, fieldError, FileUpload } from '@bawaba/shared/forms';
 *
 * Validation messages are the contracts' English texts, translated inside the kit through the one table
 * (shared/src/contracts/messages.ts, `translateMessage`), so callers pass them as react-hook-form gives them.
 */
export { type FormStateLike, fieldError } from './errors.ts';
export { FileUpload, type FileUploadProps, type ShownFile } from './FileUpload.tsx';
export {
  type FieldErrorLike,
  FormError,
  FormField,
  type FormFieldProps,
  messageOf,
  TextField,
  type TextFieldProps,
} from './FormField.tsx';
