import type { TextLang } from '@bawaba/shared/contracts';

/** A company to invite (the directory card or the profile knows its id, its name and the language that is in). */
export interface Invitee {
  id: number;
  name: string;
  nameLang: TextLang;
}
