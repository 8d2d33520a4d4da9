/**
 * Fails when any message of any package lacks an Arabic translation, or when two packages' catalogs give one
 * message id different texts or translations (they share one Lingui instance: one of them would win everywhere). Run after `pnpm i18n:extract`, so a
 * message added to the code without a translation is caught too (the test command does both).
 * Also walks every schema exported by shared/src/contracts: each validation action must carry its own
 * message (never valibot's default English) and each message needs its Arabic in the one table,
 * shared/src/contracts/messages.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '../../shared/src/contracts/index.ts';
import { VALIDATION_MESSAGES_AR } from '../../shared/src/contracts/messages.ts';
import { auditContractMessages } from '../../shared/src/i18n/contract-audit.ts';
import { type CatalogMessage, catalogConflicts, catalogMessages } from './conflicts.ts';
import { arabicCatalogPath, catalogNames, catalogPath, readPo, untranslated } from './po.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
let missing = 0;
let total = 0;
const loaded: CatalogMessage[] = [];
for (const pkg of catalogNames(root)) {
  const file = arabicCatalogPath(root, pkg);
  if (!existsSync(file)) {
    console.error(`✗ ${pkg}: no Arabic catalog at ${path.relative(root, file)}`);
    missing++;
    continue;
  }
  const po = readPo(file);
  const english = catalogPath(root, pkg, 'en');
  loaded.push(...catalogMessages(pkg, po, existsSync(english) ? readPo(english) : undefined));
  const gaps = untranslated(po);
  total += po.items.filter((i) => !i.obsolete).length;
  missing += gaps.length;
  for (const msgid of gaps) console.error(`✗ ${pkg}: no Arabic for ${JSON.stringify(msgid)}`);
}

const conflicts = catalogConflicts(loaded);
for (const line of conflicts) console.error(`✗ catalogs: ${line}`);

const audit = auditContractMessages(contracts, VALIDATION_MESSAGES_AR);
for (const where of audit.withoutMessage)
  console.error(`✗ contracts: ${where} has no message of its own (valibot's English default would show)`);
for (const where of audit.computedMessages)
  console.error(`✗ contracts: ${where} computes its message; give it a fixed text the table can translate`);
for (const where of audit.withoutArabic)
  console.error(`✗ contracts: ${where} has no Arabic in shared/src/contracts/messages.ts`);
missing += audit.withoutMessage.length + audit.computedMessages.length + audit.withoutArabic.length;
total += audit.messages.length;

if (missing > 0 || conflicts.length > 0) {
  if (missing > 0) console.error(`i18n: ${missing} message(s) without an Arabic translation`);
  if (conflicts.length > 0)
    console.error(`i18n: ${conflicts.length} message id(s) defined differently by two catalogs`);
  process.exit(1);
}
console.log(`i18n: all ${total} messages have an Arabic translation`);
