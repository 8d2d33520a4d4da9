/**
 * A tender's deadline is the last instant proposals, resubmissions and interests are accepted: from that
 * instant on (deadline ≤ now) it has passed. A tender without a deadline never closes by date, nor does one
 * whose deadline cannot be read (the server decides, and refuses with its own message). The ONE rule for the
 * API and every page that hides or disables an action after the deadline.
 */
export function isPastDeadline(
  deadline: string | Date | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (deadline === null || deadline === undefined || deadline === '') return false;
  const at = deadline instanceof Date ? deadline.getTime() : Date.parse(deadline);
  if (Number.isNaN(at)) return false;
  return at <= (typeof now === 'number' ? now : now.getTime());
}
