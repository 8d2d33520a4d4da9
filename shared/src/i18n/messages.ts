import type { Messages } from '@lingui/core';
import { i18n } from '@lingui/core';

/**
 * Validation messages (the contract schemas' English messages, shared/src/contracts/messages.ts) are shown
 * through ONE table: `translateMessage(error.message)` gives the reader's language. The table's Arabic is
 * loaded into the one i18n instance with shared's Arabic catalog (`withValidationMessages` in
 * shared/src/catalogs.ts), keyed by the English text itself, so a language switch re-renders it like any
 * other text and the English first page never downloads it. A message without a line in the table (e.g. a
 * server's message, already in the request's language) is shown as it is.
 */

/** The message in the active language. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return i18n.locale && Object.hasOwn(i18n.messages, message) ? i18n._(message) : message;
}

/**
 * A compiled catalog (Lingui's form: a message is a list of tokens) of `table`, keyed by the English text:
 * what shared's Arabic catalog loader adds to its own messages.
 */
export function validationCatalog(table: Readonly<Record<string, string>>): Messages {
  return Object.fromEntries(Object.entries(table).map(([english, translated]) => [english, [translated]]));
}
