import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';

/**
 * Contract schemas (shared/src/contracts) carry the spec's English messages, because the API validates with
 * the same schemas. A form shows them translated through a table owned by the package that renders the
 * form: `{ 'Please provide a proposal title': msg\`Please provide a proposal title\` }`. Unknown messages
 * are shown as they are (a server's message is already in the request's language).
 */
export type MessageTable = Readonly<Record<string, MessageDescriptor>>;

export function translateMessage(message: string | undefined, table: MessageTable): string | undefined {
  if (!message) return message;
  const descriptor = table[message];
  return descriptor ? i18n._(descriptor) : message;
}
