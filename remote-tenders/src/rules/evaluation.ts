import type { Evaluation, EvaluationInput, EvaluationMethod } from '@bawaba/shared/contracts';

/**
 * The evaluation editor's model: what the owner types (numbers as the inputs give them) and the request it sends.
 * The financial weight is not typed: it is what the technical weight leaves of 100.
 */
export interface CriterionDraft {
  /** The list's own key for the row (not sent: criteria are known by their position). */
  key: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  weight: string;
}
export interface EvaluationDraft {
  method: EvaluationMethod;
  envelopes: 1 | 2;
  criteria: CriterionDraft[];
  technicalWeight: string;
  passMark: string;
  /** A best-and-final-offer round may be held (either method). */
  bestAndFinalOffer: boolean;
}

let rows = 0;
const rowKey = () => `criterion-${++rows}`;

export const emptyCriterion = (): CriterionDraft => ({
  key: rowKey(),
  nameEn: '',
  nameAr: '',
  descriptionEn: '',
  descriptionAr: '',
  weight: '',
});

/** A number typed into an input: blank or not a number counts as nothing. */
const typed = (value: string): number | null => {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const shown = (n: number | null) => (n === null ? '' : String(n));
/** A version left blank is sent as null: not written. */
const version = (text: string) => (text.trim() ? text : null);

/** The editor's starting point: the tender's published method (a new tender: lowest price, one envelope). */
export function evaluationDraft(e: Evaluation | null): EvaluationDraft {
  return {
    method: e?.method ?? 'lowest_price',
    envelopes: e?.envelopes ?? 1,
    criteria: (e?.criteria ?? []).map((c) => ({
      key: rowKey(),
      nameEn: c.nameEn ?? '',
      nameAr: c.nameAr ?? '',
      descriptionEn: c.descriptionEn ?? '',
      descriptionAr: c.descriptionAr ?? '',
      weight: String(c.weight),
    })),
    technicalWeight: shown(e?.technicalWeight ?? null),
    passMark: shown(e?.passMark ?? null),
    bestAndFinalOffer: e?.bestAndFinalOffer ?? false,
  };
}

/** The sum of the weights typed so far (what the running total shows). */
export const weightTotal = (criteria: CriterionDraft[]) =>
  criteria.reduce((sum, c) => sum + (typed(c.weight) ?? 0), 0);

/** The financial weight the technical one leaves (null until the technical weight is a number). */
export function financialWeight(draft: EvaluationDraft): number | null {
  const technical = typed(draft.technicalWeight);
  return technical === null ? null : 100 - technical;
}

/** The request's evaluation: lowest price sends none of the weighted settings. */
export function evaluationInput(draft: EvaluationDraft): EvaluationInput {
  if (draft.method === 'lowest_price')
    return {
      method: draft.method,
      envelopes: draft.envelopes,
      bestAndFinalOffer: draft.bestAndFinalOffer,
    };
  return {
    method: draft.method,
    envelopes: draft.envelopes,
    criteria: draft.criteria.map((c) => ({
      nameEn: version(c.nameEn),
      nameAr: version(c.nameAr),
      descriptionEn: version(c.descriptionEn),
      descriptionAr: version(c.descriptionAr),
      weight: typed(c.weight) ?? Number.NaN,
    })),
    technicalWeight: typed(draft.technicalWeight),
    financialWeight: financialWeight(draft),
    passMark: typed(draft.passMark),
    bestAndFinalOffer: draft.bestAndFinalOffer,
  };
}
