/**
 * How the contract pages show what the API sends: nothing here decides who may do what (each contract, milestone and
 * variation carries its own `can` from the API's contract rulebook); these are display rules only.
 */

/** The contract id in the path below /account/contracts ('' or absent: the list), or null when it is no id. */
export function contractIdOf(rest: string | undefined): number | null {
  if (!rest) return null;
  const match = /^(\d+)\/?$/.exec(rest);
  return match ? Number(match[1]) : null;
}

/** The page of one contract. */
export const contractPath = (id: number): string => `/account/contracts/${id}`;

/**
 * Whether a notification (its `link`) concerns this contract, so the open contract page reloads when the other side
 * acted: its link is the contract's page, or a place on it (`#…`, `?…`).
 */
export function concernsContract(link: string | null | undefined, id: number): boolean {
  if (!link) return false;
  const path = link.replace(/^https?:\/\/[^/]+/, '');
  const page = contractPath(id);
  return (
    path === page || path.startsWith(`${page}#`) || path.startsWith(`${page}?`) || path.startsWith(`${page}/`)
  );
}

/** The palette of a contract state's badge. */
export const CONTRACT_STATUS_PALETTE = {
  pending: 'orange',
  active: 'blue',
  completed: 'green',
  terminated: 'red',
} as const;

/** The palette of a milestone state's badge. */
export const MILESTONE_STATUS_PALETTE = {
  pending: 'gray',
  submitted: 'blue',
  changesRequested: 'orange',
  accepted: 'green',
} as const;

/** The palette of a variation state's badge. */
export const VARIATION_STATUS_PALETTE = {
  proposed: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  lapsed: 'gray',
} as const;

/** The amount paid so far: the payments recorded on the contract's milestones. */
export function paidAmount(milestones: readonly { payment: { amount: number } | null }[]): number {
  return milestones.reduce((sum, m) => sum + (m.payment?.amount ?? 0), 0);
}

/** The other party of a contract. */
export const otherSide = (side: 'buyer' | 'supplier'): 'buyer' | 'supplier' =>
  side === 'buyer' ? 'supplier' : 'buyer';

/** The scores a side gives the other: the buyer side is also rated on paying on time (by the supplier side). */
export function ratingCriteria(
  rater: 'buyer' | 'supplier',
): ('quality' | 'timeliness' | 'communication' | 'paymentOnTime')[] {
  return rater === 'supplier'
    ? ['quality', 'timeliness', 'communication', 'paymentOnTime']
    : ['quality', 'timeliness', 'communication'];
}

/** A rating form as typed: a score 1–5 per criterion (0: not chosen yet) and the comment. */
export interface RatingDraft {
  scores: Partial<Record<'quality' | 'timeliness' | 'communication' | 'paymentOnTime', number>>;
  comment: string;
}

/**
 * The rating to send from the form, or null while a criterion has no score 1–5: every criterion of the rater's
 * side, `paymentOnTime` only from the supplier side, the comment trimmed.
 */
export function ratingBody(
  rater: 'buyer' | 'supplier',
  draft: RatingDraft,
): {
  quality: number;
  timeliness: number;
  communication: number;
  paymentOnTime: number | null;
  comment: string;
} | null {
  const criteria = ratingCriteria(rater);
  const valid = (n: number | undefined) => Number.isInteger(n) && n! >= 1 && n! <= 5;
  if (!criteria.every((c) => valid(draft.scores[c]))) return null;
  return {
    quality: draft.scores.quality!,
    timeliness: draft.scores.timeliness!,
    communication: draft.scores.communication!,
    paymentOnTime: rater === 'supplier' ? draft.scores.paymentOnTime! : null,
    comment: draft.comment.trim(),
  };
}

/** A variation form's fields as typed ('' = not changed). */
export interface VariationDraft {
  milestoneId: string;
  dueDate: string;
  amount: string;
  scope: string;
  reason: string;
}

/**
 * The body of a proposed variation from the form: a milestone's new due date and/or amount, or a new scope text,
 * with the reason; null while it changes nothing (the server checks the rest).
 */
export function variationBody(draft: VariationDraft): {
  milestoneId?: number;
  dueDate?: string;
  amount?: number;
  scope?: string;
  reason: string;
} | null {
  const scope = draft.scope.trim();
  const milestoneId = draft.milestoneId ? Number(draft.milestoneId) : undefined;
  const dueDate = milestoneId !== undefined && draft.dueDate ? draft.dueDate : undefined;
  const amount = milestoneId !== undefined && draft.amount.trim() !== '' ? Number(draft.amount) : undefined;
  if (!scope && dueDate === undefined && amount === undefined) return null;
  return {
    ...(milestoneId !== undefined && (dueDate !== undefined || amount !== undefined) ? { milestoneId } : {}),
    ...(dueDate !== undefined ? { dueDate } : {}),
    ...(amount !== undefined ? { amount } : {}),
    ...(scope ? { scope } : {}),
    reason: draft.reason.trim(),
  };
}
