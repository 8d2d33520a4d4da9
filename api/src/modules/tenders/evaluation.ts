import type { Evaluation } from '@bawaba/shared/contracts';
import type { tenders } from '../../db/schema.ts';
import type { TenderRow } from './rows.ts';

/** A tender's published evaluation method (docs/decisions/0012-evaluation.md): its columns and its answer. */

/** A text version left blank is not written: stored as null. */
const written = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The columns of an evaluation the contract accepted (lowest price clears the weighted settings). */
export function evaluationColumns(e: Evaluation) {
  const weightedOnly = <T>(x: T) => (e.method === 'weighted' ? x : null);
  return {
    evaluationMethod: e.method,
    envelopes: e.envelopes,
    evaluationCriteria:
      e.method === 'weighted'
        ? e.criteria.map((c) => ({
            nameEn: written(c.nameEn),
            nameAr: written(c.nameAr),
            descriptionEn: written(c.descriptionEn),
            descriptionAr: written(c.descriptionAr),
            weight: c.weight,
          }))
        : [],
    technicalWeight: weightedOnly(e.technicalWeight),
    financialWeight: weightedOnly(e.financialWeight),
    passMark: weightedOnly(e.passMark),
    bafoAllowed: e.bestAndFinalOffer,
  } satisfies Partial<typeof tenders.$inferInsert>;
}

/** The evaluation a tender publishes. */
export function evaluationOf(t: TenderRow): Evaluation {
  return {
    method: t.evaluationMethod,
    envelopes: t.envelopes,
    criteria: t.evaluationCriteria.map((c) => ({
      nameEn: c.nameEn ?? null,
      nameAr: c.nameAr ?? null,
      descriptionEn: c.descriptionEn ?? null,
      descriptionAr: c.descriptionAr ?? null,
      weight: c.weight,
    })),
    technicalWeight: t.technicalWeight,
    financialWeight: t.financialWeight,
    passMark: t.passMark,
    bestAndFinalOffer: t.bafoAllowed,
  };
}

/** What an amendment records of an evaluation: the whole method, as stored (one line of JSON). */
export const evaluationRecord = (e: Evaluation) => JSON.stringify(e);
