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
