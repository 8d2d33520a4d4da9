/** One message id, one text and one translation across the packages' catalogs (node --test; conflicts.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import PO from 'pofile';
import { catalogConflicts, catalogMessages, messageId } from './conflicts.ts';

/** A catalog from [msgid, msgstr, msgctxt?, explicit id?] lines. */
function po(lines: [string, string, string?, boolean?][]): PO {
  const catalog = new PO();
  for (const [msgid, msgstr, context, explicit] of lines) {
    const item = new PO.Item();
    item.msgid = msgid;
    item.msgstr = [msgstr];
    if (context) item.msgctxt = context;
    if (explicit) item.extractedComments = ['js-lingui-explicit-id'];
    catalog.items.push(item);
  }
  return catalog;
}

test('computes Lingui’s message ids (source text and context)', () => {
  // As compiled into the catalogs: the status "Submitted" is ZU3JQG.
  assert.equal(messageId('Submitted'), 'ZU3JQG');
  assert.notEqual(messageId('Interest', 'action'), messageId('Interest'));
});

test('fails one message translated differently by two catalogs, naming both', () => {
  const conflicts = catalogConflicts([
    ...catalogMessages(
      'shared',
      po([
        ['Submitted', 'مقدَّم'],
        ['Paid', 'مدفوع'],
      ]),
    ),
    ...catalogMessages(
      'remote-account',
      po([
        ['Submitted', 'تاريخ التقديم'],
        ['Paid', 'مدفوع'],
      ]),
    ),
  ]);
  assert.equal(conflicts.length, 1);
  assert.match(conflicts[0]!, /"Submitted": shared translates "مقدَّم", remote-account "تاريخ التقديم"/);
});

test('fails one explicit id with different source texts', () => {
  const conflicts = catalogConflicts([
    ...catalogMessages(
      'host',
      po([['status.sent', 'أُرسل', '', true]]),
      po([['status.sent', 'Sent', '', true]]),
    ),
    ...catalogMessages(
      'remote-account',
      po([['status.sent', 'أُرسل', '', true]]),
      po([['status.sent', 'Sent on', '', true]]),
    ),
  ]);
  assert.deepEqual(conflicts, [
    'id status.sent: host has "Sent", remote-account has "Sent on" (different texts, one id)',
  ]);
});

test('passes the same text in two contexts, the same translation twice, and an untranslated line', () => {
  const conflicts = catalogConflicts([
    ...catalogMessages(
      'remote-tenders',
      po([
        ['Interest', 'إبداء اهتمام', 'action'],
        ['Period (days)', 'المدة (بالأيام)'],
      ]),
    ),
    ...catalogMessages(
      'remote-account',
      po([
        ['Interest', 'الاهتمام'],
        ['Period (days)', 'المدة (بالأيام)'],
        ['New', ''],
      ]),
    ),
    ...catalogMessages('host', po([['New', 'جديد']])),
  ]);
  assert.deepEqual(conflicts, []);
});
