/**
 * Names of prepared statements, one per statement text: on PostgreSQL a named statement is parsed once per pooled
 * connection instead of once per call. For statements whose plan does not hang on their values (a page read by
 * primary key): a keyword's statement needs a plan made for its words (`to_tsquery` of a parameter cannot use the
 * GIN indexes in a generic plan), so it stays unnamed. A name always stands for the same text (node-postgres refuses
 * a name reused for another text); past MAX_NAMED texts a statement runs unnamed. PGlite ignores the names.
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();

/** The name of a statement's text ('' for an unnamed statement once the bound is reached). */
export function statementName(text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED) return '';
  const name = `bawaba_${names.size + 1}`;
  names.set(text, name);
  return name;
}
