import * as v from 'valibot';
import { Optional } from './common.ts';

/**
 * Business-written texts (a company's name and description, a tender's title and description, an ad's title) have
 * an English and an Arabic version, at least one written. Answers give the reader's version as the plain field
 * (`name`, `title`, `description`: the caller's language, else the other), the language it is in (`nameLang`, …)
 * so the page marks it with `lang` and `dir`, and both versions (`nameEn`, `nameAr`, …; null where not written).
 */
export const TextLang = v.picklist(['en', 'ar']);
export type TextLang = v.InferOutput<typeof TextLang>;

/**
 * One version of a text in a request: blank or null = not written. Leaving both versions of a name or title
 * unwritten is refused by the server (NAME_REQUIRED / TITLE_REQUIRED).
 */
export const TextVersion = (maxLength: number, tooLong: string) =>
  Optional(v.pipe(v.string(), v.trim(), v.maxLength(maxLength, tooLong)));

/** What the forms say when neither version of a name or title is written (the API's refusal says the same). */
export const TITLE_IN_ONE_LANGUAGE = 'Write the title in English, in Arabic or in both.';
export const NAME_IN_ONE_LANGUAGE = 'Write the name in English, in Arabic or in both.';

type StringSchema = v.StringSchema<undefined>;
type NullableString = v.NullableSchema<StringSchema, undefined>;

/**
 * The answer fields of one bilingual text named `field`: `field` (the caller's version, else the other), `fieldLang`
 * (the language it is in), `fieldEn` and `fieldAr` (null where not written). Spread into a `v.object`.
 */
export const textAnswer = <F extends string>(field: F) =>
  ({
    [field]: v.string(),
    [`${field}Lang`]: TextLang,
    [`${field}En`]: v.nullable(v.string()),
    [`${field}Ar`]: v.nullable(v.string()),
  }) as { [K in F]: StringSchema } & { [K in `${F}Lang`]: typeof TextLang } & {
    [K in `${F}En` | `${F}Ar`]: NullableString;
  };

/**
 * The request fields of one bilingual text named `field`: `fieldEn` and `fieldAr` (TextVersion), and the older
 * forms' single `field`, taken by the server as the version of the language it is written in. With `required` (a
 * name or a title), the single field is trimmed and may not be blank; pair it with `writtenInOneVersion`.
 */
export const textRequest = <F extends string>(
  field: F,
  { maxLength, tooLong, required }: { maxLength: number; tooLong: string; required?: string },
) => {
  const single = required
    ? v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(maxLength, tooLong))
    : v.pipe(v.string(), v.maxLength(maxLength, tooLong));
  return {
    [field]: v.optional(single),
    [`${field}En`]: TextVersion(maxLength, tooLong),
    [`${field}Ar`]: TextVersion(maxLength, tooLong),
  } as { [K in F]: v.OptionalSchema<typeof single, undefined> } & {
    [K in `${F}En` | `${F}Ar`]: ReturnType<typeof TextVersion>;
  };
};

/**
 * A request must send the text in some form (a version or the older single field); the issue is reported on the
 * single field. A partial check, so the form shows it beside the other fields' issues. Typed by the request it is
 * piped after (its field names are built at run time).
 */
export const writtenInOneVersion = <TInput extends Record<string, unknown>>(
  field: string,
  message: string,
) => {
  const written = (x: Record<string, unknown>) =>
    x[field] !== undefined || x[`${field}En`] !== undefined || x[`${field}Ar`] !== undefined;
  const paths = [[field], [`${field}En`], [`${field}Ar`]];
  return v.forward(v.partialCheck(paths as never, written as never, message), [
    field,
  ] as never) as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<Record<string, unknown>>>;
};

/**
 * A bilingual text named `field` inside another answer (an interest's tender title, an invitation's company name):
 * `field` (the caller's version, else the other) and `fieldLang` (the language it is in), no versions. Spread into
 * the nested `v.object`.
 */
export const textReference = <F extends string>(field: F) =>
  ({ [field]: v.string(), [`${field}Lang`]: TextLang }) as { [K in F]: StringSchema } & {
    [K in `${F}Lang`]: typeof TextLang;
  };

/** As `textReference`, for a text that may be missing (a bidder without a company): both fields null then. */
export const optionalTextReference = <F extends string>(field: F) =>
  ({ [field]: v.nullable(v.string()), [`${field}Lang`]: v.nullable(TextLang) }) as {
    [K in F]: NullableString;
  } & {
    [K in `${F}Lang`]: v.NullableSchema<typeof TextLang, undefined>;
  };
