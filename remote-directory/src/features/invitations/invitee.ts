/** A company to invite (the directory card or the profile knows its id and name). */
export interface Invitee {
  id: number;
  name: string;
}
