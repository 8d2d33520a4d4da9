import * as v from 'valibot';
import { TextVersion } from './texts.ts';

/**
 * How a tender's proposals will be judged, published with the tender before anyone bids
 * (docs/decisions/0012-evaluation.md). One schema for the tender form's request and the tender's answer: the
 * answer gives both versions of every criterion's texts (null where not written), the page picks the reader's.
 */

/** `lowest_price`: the cheapest responsive proposal wins; `weighted`: published criteria score the technical part. */
export const EvaluationMethod = v.picklist(
  ['lowest_price', 'weighted'],
  'Choose lowest price or weighted criteria.',
);
export type EvaluationMethod = v.InferOutput<typeof EvaluationMethod>;

/** One envelope (technical and financial parts opened together) or two (the financial part sealed until the
 * technical stage is locked). */
export const Envelopes = v.picklist([1, 2], 'A tender has one envelope or two.');
export type Envelopes = v.InferOutput<typeof Envelopes>;

const CRITERION_NAME_TOO_LONG = 'A criterion name is at most 200 characters.';
const CRITERION_DESCRIPTION_TOO_LONG = 'A criterion description is at most 2000 characters.';
const CRITERION_NAME_REQUIRED = 'Write the criterion name in English, in Arabic or in both.';
const WEIGHT = 'A weight is a whole number from 1 to 100.';
const PERCENT = (message: string) =>
  v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(100, message)));

export const MAX_CRITERIA = 20;

/**
 * A criterion of the technical score: its name and description in English and Arabic (plain text; at least the
 * name in one language) and its weight in the technical score. Criteria are known by their position, which no
 * longer changes once bids are in (amendments stop at the deadline).
 */
export const Criterion = v.pipe(
  v.object({
    nameEn: TextVersion(200, CRITERION_NAME_TOO_LONG),
    nameAr: TextVersion(200, CRITERION_NAME_TOO_LONG),
    descriptionEn: TextVersion(2000, CRITERION_DESCRIPTION_TOO_LONG),
    descriptionAr: TextVersion(2000, CRITERION_DESCRIPTION_TOO_LONG),
    weight: v.pipe(v.number(WEIGHT), v.integer(WEIGHT), v.minValue(1, WEIGHT), v.maxValue(100, WEIGHT)),
  }),
  v.forward(
    v.partialCheck(
      [['nameEn'], ['nameAr']],
      (c) => Boolean(c.nameEn?.trim() || c.nameAr?.trim()),
      CRITERION_NAME_REQUIRED,
    ),
    ['nameEn'],
  ),
);
export type Criterion = v.InferOutput<typeof Criterion>;

const weighted = (x: { method: EvaluationMethod }) => x.method === 'weighted';

/**
 * A tender's evaluation method. Weighted: one or more criteria whose weights add up to 100 (the technical score,
 * 0–100), a split of the final score between the technical and the financial part (adding up to 100) and a pass
 * mark on the technical score (0–100): a proposal under it is out. Lowest price takes none of these. Either
 * method may have two envelopes (with lowest price the technical part is judged pass or fail first).
 */
export const Evaluation = v.pipe(
  v.object({
    method: EvaluationMethod,
    envelopes: Envelopes,
    criteria: v.optional(v.pipe(v.array(Criterion), v.maxLength(MAX_CRITERIA, 'At most 20 criteria.')), []),
    technicalWeight: v.optional(PERCENT('The technical weight is a whole number from 0 to 100.'), null),
    financialWeight: v.optional(PERCENT('The financial weight is a whole number from 0 to 100.'), null),
    passMark: v.optional(PERCENT('The pass mark is a whole number from 0 to 100.'), null),
    /**
     * The buyer may hold a best-and-final-offer round after the evaluation (docs/decisions/0015-best-and-final-
     * offer.md): announced before bidding, like the rest of the method, so that every bidder knows it may come.
     */
    bestAndFinalOffer: v.optional(v.boolean('Say whether a best-and-final-offer round may be held.'), false),
  }),
  v.forward(
    v.partialCheck(
      [['method'], ['criteria'], ['technicalWeight'], ['financialWeight'], ['passMark']],
      (x) =>
        weighted(x) ||
        (x.criteria.length === 0 &&
          x.technicalWeight === null &&
          x.financialWeight === null &&
          x.passMark === null),
      'Lowest price takes no criteria, weights or pass mark.',
    ),
    ['method'],
  ),
  v.forward(
    v.partialCheck(
      [['method'], ['criteria']],
      (x) => !weighted(x) || x.criteria.length > 0,
      'Add at least one criterion.',
    ),
    ['criteria'],
  ),
  v.forward(
    v.partialCheck(
      [['method'], ['criteria']],
      (x) => !weighted(x) || x.criteria.reduce((sum, c) => sum + c.weight, 0) === 100,
      'The criteria weights must add up to 100.',
    ),
    ['criteria'],
  ),
  v.forward(
    v.partialCheck(
      [['method'], ['technicalWeight'], ['financialWeight']],
      (x) =>
        !weighted(x) ||
        (x.technicalWeight !== null &&
          x.financialWeight !== null &&
          x.technicalWeight + x.financialWeight === 100),
      'The technical and financial weights must add up to 100.',
    ),
    ['financialWeight'],
  ),
  v.forward(
    v.partialCheck(
      [['method'], ['passMark']],
      (x) => !weighted(x) || x.passMark !== null,
      'Set the technical pass mark (0 to 100).',
    ),
    ['passMark'],
  ),
);
export type Evaluation = v.InferOutput<typeof Evaluation>;
export type EvaluationInput = v.InferInput<typeof Evaluation>;

/** A tender says nothing of its evaluation: the lowest responsive price, one envelope. */
export const LOWEST_PRICE: Evaluation = {
  method: 'lowest_price',
  envelopes: 1,
  criteria: [],
  technicalWeight: null,
  financialWeight: null,
  passMark: null,
  bestAndFinalOffer: false,
};
