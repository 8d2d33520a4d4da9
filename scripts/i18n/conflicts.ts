/**
 * The packages' catalogs all load into ONE Lingui instance, keyed by message id (a hash of the source text and its
 * context, or an explicit id): when two catalogs hold the same id with different source texts or different
 * translations, whichever package registers last wins on every page (e.g. the status "Submitted" shown as
 * "submission date"). Used by scripts/i18n/check.ts (the test command); tested in conflicts.test.ts.
 */
import { createHash } from 'node:crypto';
import type PO from 'pofile';

/** Lingui's id of a message without an explicit id (as `generateMessageId` of @lingui/message-utils computes it). */
export function messageId(source: string, context = ''): string {
  return createHash('sha256').update(`${source}\u001F${context}`).digest('base64url').slice(0, 6);
}

/** What a catalog line means at run time: its id, the English it stands for, and its translation. */
export interface CatalogMessage {
  pkg: string;
  id: string;
  source: string;
  context: string;
  translation: string;
}

const EXPLICIT_ID = 'js-lingui-explicit-id';

/**
 * A package's messages from its Arabic catalog (the translations) and its English one (the source text of an
 * explicit id, which the Arabic catalog does not hold). Obsolete lines are not loaded, so not counted.
 */
export function catalogMessages(pkg: string, arabic: PO, english?: PO): CatalogMessage[] {
  const englishOf = new Map<string, string>();
  for (const item of english?.items ?? [])
    englishOf.set(`${item.msgctxt ?? ''}\u0004${item.msgid}`, item.msgstr[0] ?? '');
  return arabic.items
    .filter((item) => !item.obsolete)
    .map((item) => {
      const context = item.msgctxt ?? '';
      const explicit = item.extractedComments.includes(EXPLICIT_ID);
      const source = explicit ? (englishOf.get(`${context}\u0004${item.msgid}`) ?? '') : item.msgid;
      return {
        pkg,
        id: explicit ? item.msgid : messageId(item.msgid, context),
        source,
        context,
        translation: item.msgstr[0] ?? '',
      };
    });
}

/** One line per message id that two catalogs define differently (source text or translation), naming both. */
export function catalogConflicts(messages: readonly CatalogMessage[]): string[] {
  const byId = new Map<string, CatalogMessage[]>();
  for (const m of messages) {
    const same = byId.get(m.id);
    if (same) same.push(m);
    else byId.set(m.id, [m]);
  }
  const out: string[] = [];
  for (const [id, all] of byId) {
    const first = all[0]!;
    for (const other of all.slice(1)) {
      if (other.source !== first.source)
        out.push(
          `id ${id}: ${first.pkg} has ${JSON.stringify(first.source)}, ${other.pkg} has ${JSON.stringify(other.source)} (different texts, one id)`,
        );
      // (An untranslated line is reported as such by the check; it claims no translation here.)
      else if (other.translation && first.translation && other.translation !== first.translation)
        out.push(
          `${JSON.stringify(first.source)}: ${first.pkg} translates ${JSON.stringify(first.translation)}, ${other.pkg} ${JSON.stringify(other.translation)} (give one of them its own text or context, or one translation)`,
        );
    }
  }
  return out;
}
