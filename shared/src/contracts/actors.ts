import * as v from 'valibot';
import { optionalTextReference } from './texts.ts';

/**
 * Who acted, on a line of a history: the person (their name, read from their account, so it stays after they
 * leave the company) and the company they acted for, its name in the reader's language with `companyNameLang`;
 * both company fields null for a person acting as themselves or a platform administrator.
 */
export const Actor = v.object({
  id: v.number(),
  name: v.string(),
  ...optionalTextReference('companyName'),
});
export type Actor = v.InferOutput<typeof Actor>;
