/**
 * The host's pages (contact us, set password) import the field from here; it is the shared form kit's
 * (`@bawaba/shared/forms`): label, input or textarea, the error translated through the one message table.
 */
export { TextField, type TextFieldProps } from '@bawaba/shared/forms';
