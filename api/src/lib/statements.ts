import { type Placeholder, sql } from 'drizzle-orm';

/**
 * Names of prepared statements, one per statement text: on PostgreSQL a named statement is parsed once per pooled
 * connection instead of once per call. For statements whose plan does not hang on their values (a page read by
 * primary key): a keyword's statement needs a plan made for its words (a generic plan knows no word's frequency:
 * it reads every word's GIN index and intersects them, a word found in every row included), so it stays unnamed.
 * A name always stands for the same text (node-postgres refuses a name reused for another text); past MAX_NAMED
 * texts a statement runs unnamed. PGlite ignores the names.
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

/** What a shaped statement is built with: its values bound, its shape recorded, then run. */
export type Bind = {
  /** A value of the request, as a placeholder of the statement (mapped to the driver as `column` maps it). */
  value(v: unknown, column?: { mapToDriverValue(v: unknown): unknown }): Placeholder;
  /** One choice of what the statement's text holds (a filter set, a state, a number of words). */
  shape(part: string | number): void;
};

/** A query builder that can be prepared (a drizzle select). */
type Preparable<R> = { prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> } };

/** One request's statement being built: `run` executes it with the values bound (`keep`: see `shapedStatements`). */
type Binding<R> = Bind & { run(query: Preparable<R>, keep?: boolean): Promise<R> };

/** Shapes kept per cache (then it starts over). */
const MAX_SHAPES = 500;

export type ShapedStatements<R> = { begin(): Binding<R> };

/**
 * Statements built per request whose text depends only on the request's shape (which filters it sets, which state,
 * how many words) and never on its values: compiled and prepared once per shape, then bound to each request's
 * values. Compiling a statement of drizzle's columns and operators is a large part of what the API spends on a list query asked
 * once (docs/api/benchmarks.md); building it to learn its shape costs a fraction of that. The builder passes every
 * value of the request through `value` (a placeholder) and every choice of text through `shape`; the key also counts
 * the values. A value written into the text directly would be kept for every later request of that shape, so a
 * statement whose scope holds values of its own (an owner's list) is run with `keep: false` (compiled every time).
 * The statement stays unnamed: PostgreSQL still plans it for its values (a keyword's `to_tsquery` needs that). One
 * cache per database: its statements are prepared on it.
 */
export function shapedStatements<R>(): ShapedStatements<R> {
  const kept = new Map<string, ReturnType<Preparable<R>['prepare']>>();
  return {
    begin() {
      const values: Record<string, unknown> = {};
      const parts: (string | number)[] = [];
      let n = 0;
      return {
        value(v, column) {
          const name = `v${n++}`;
          values[name] = column ? column.mapToDriverValue(v) : v;
          return sql.placeholder(name);
        },
        shape: (part) => {
          parts.push(part);
        },
        run(query, keep = true) {
          if (!keep) return query.prepare('').execute(values);
          const key = `${n}|${parts.join('|')}`;
          let statement = kept.get(key);
          if (!statement) {
            if (kept.size >= MAX_SHAPES) kept.clear();
            statement = query.prepare('');
            kept.set(key, statement);
          }
          return statement.execute(values);
        },
      };
    },
  };
}
