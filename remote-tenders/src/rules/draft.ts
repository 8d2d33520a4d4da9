import type { ProposalForm } from './proposal.ts';

/** What an uploaded file looks like to the wizard (enough to show it again after a reload). */
export interface FileInfo {
  id: string;
  name: string;
  size: number;
}

export interface ProposalDraft {
  savedAt: string;
  step: number;
  values: ProposalForm;
  /** Names of the uploads the values refer to, by file id. */
  files: Record<string, FileInfo>;
}

/**
 * Save as Draft keeps the wizard in localStorage, per user and tender, so it survives a reload (the spec's
 * toast alone loses the work). Cleared after a successful submission; logout clears all storage anyway.
 */
const draftKey = (userId: number | null, tenderId: number) =>
  `bawaba.proposal-draft.${userId ?? 'anonymous'}.${tenderId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(userId: number | null, tenderId: number, draft: Omit<ProposalDraft, 'savedAt'>) {
  storage()?.setItem(
    draftKey(userId, tenderId),
    JSON.stringify({ ...draft, savedAt: new Date().toISOString() } satisfies ProposalDraft),
  );
}

/** JSON turns an empty number input (NaN) into null: turn it back. */
const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : Number.NaN);

export function loadDraft(userId: number | null, tenderId: number): ProposalDraft | null {
  const raw = storage()?.getItem(draftKey(userId, tenderId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as ProposalDraft;
    const values = draft.values;
    if (!values || !Array.isArray(values.milestones)) return null;
    return {
      ...draft,
      step: Math.min(Math.max(0, Math.trunc(draft.step) || 0), 3),
      files: draft.files ?? {},
      values: {
        ...values,
        tender: tenderId,
        offer_price: num(values.offer_price),
        period: num(values.period),
        milestones: values.milestones.map((m) => ({
          ...m,
          amount: num(m.amount),
          period: num(m.period),
          documents: Array.isArray(m.documents) ? m.documents : [],
        })),
        breakdown: Array.isArray(values.breakdown)
          ? values.breakdown.map((b) => ({ ...b, quantity: num(b.quantity), unitPrice: num(b.unitPrice) }))
          : [],
        priceDocuments: Array.isArray(values.priceDocuments) ? values.priceDocuments : [],
      },
    };
  } catch {
    return null;
  }
}

export function clearDraft(userId: number | null, tenderId: number) {
  storage()?.removeItem(draftKey(userId, tenderId));
}
