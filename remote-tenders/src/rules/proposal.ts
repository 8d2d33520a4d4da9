import { qatarDay } from '@bawaba/shared';
import { BreakdownItem, Milestone, ProposalBody } from '@bawaba/shared/contracts';
import * as v from 'valibot';

/** The wizard's four steps (docs/product-spec.md §2), in order. */
export const WIZARD_STEPS = ['basic', 'commercial', 'technical', 'review'] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** The description counter's limit (docs/product-spec.md §9: '0/2000 characters'). */
export const DESCRIPTION_MAX = 2000;

/**
 * Fields each step must get right before Next (docs/product-spec.md §4): step 0 title, description and attachment;
 * step 1 offer_price and period (and the two selects, which always hold a valid default); step 2 every
 * milestone; step 3 nothing.
 */
export const STEP_FIELDS: readonly (readonly string[])[] = [
  ['title', 'description', 'attachment'],
  ['offer_price', 'period', 'currency', 'payment_terms'],
  ['milestones'],
  [],
];

/** A milestone as the form holds it: dates are yyyy-mm-dd (date inputs), numbers may be NaN (empty). */
export interface MilestoneForm {
  title: string;
  description: string;
  amount: number;
  period: number;
  documents: string[];
  start_date: string;
  end_date: string;
  expected_completion_date: string;
}

export interface BreakdownForm {
  name: string;
  description: string;
  quantity: number;
  unitPrice: number;
}

export interface ProposalForm {
  tender: number;
  attachment: string;
  offer_price: number;
  title: string;
  description: string;
  period: number;
  currency: 'QAR' | 'USD' | 'EUR';
  payment_terms: '30_days' | '60_days' | 'advance' | 'custom';
  milestones: MilestoneForm[];
  breakdown: BreakdownForm[];
  /** Uploads of purpose `price-document`: the financial part's documents. */
  priceDocuments: string[];
}

export const emptyMilestone = (): MilestoneForm => ({
  title: '',
  description: '',
  amount: Number.NaN,
  period: Number.NaN,
  documents: [],
  start_date: '',
  end_date: '',
  expected_completion_date: '',
});

export const emptyBreakdownItem = (): BreakdownForm => ({
  name: '',
  description: '',
  quantity: 1,
  unitPrice: 0,
});

/** Spec §3 defaults: currency QAR, payment terms 30_days, one milestone to start with. */
export const emptyProposal = (tender: number): ProposalForm => ({
  tender,
  attachment: '',
  offer_price: Number.NaN,
  title: '',
  description: '',
  period: Number.NaN,
  currency: 'QAR',
  payment_terms: '30_days',
  milestones: [emptyMilestone()],
  breakdown: [],
  priceDocuments: [],
});

const notBefore = (later: string, earlier: string) => Date.parse(later) >= Date.parse(earlier);

/** The contract's milestone plus the date order the API enforces, so the form says it before the server. */
export const MilestoneFormSchema = v.pipe(
  Milestone,
  v.forward(
    v.partialCheck(
      [['start_date'], ['end_date']],
      (m) => notBefore(m.end_date, m.start_date),
      'End date must be on or after the start date',
    ),
    ['end_date'],
  ),
  v.forward(
    v.partialCheck(
      [['start_date'], ['expected_completion_date']],
      (m) => notBefore(m.expected_completion_date, m.start_date),
      'Expected finish date must be on or after the start date',
    ),
    ['expected_completion_date'],
  ),
);

/** The wizard's schema: the POST /proposals contract (ProposalBody) with the stricter milestone above. */
export const ProposalFormSchema = v.object({
  ...ProposalBody.entries,
  milestones: v.pipe(
    v.array(MilestoneFormSchema),
    v.minLength(1, 'Please add at least one milestone'),
    v.maxLength(50),
  ),
});

/** One price-breakdown row as the modal checks it (docs/product-spec.md §5: quantity ≥ 1, unit price ≥ 0.01). */
export const BreakdownFormSchema = v.pipe(
  BreakdownItem,
  v.forward(
    v.check((item) => (item.unitPrice ?? 0) >= 0.01, 'Unit price must be at least 0.01'),
    ['unitPrice'],
  ),
);

export type FieldErrors = Record<string, string>;

/** All messages of the form, keyed by dot path ('milestones.1.title'), first message per field. */
export function formErrors(values: ProposalForm): FieldErrors {
  const result = v.safeParse(ProposalFormSchema, values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

const belongsTo = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** The messages that block Next on `step` (docs/product-spec.md §4: step 3 always passes). */
export function validateStep(step: number, values: ProposalForm): FieldErrors {
  const fields = STEP_FIELDS[step] ?? [];
  return Object.fromEntries(
    Object.entries(formErrors(values)).filter(([path]) => fields.some((f) => belongsTo(path, f))),
  );
}

export const isStepValid = (step: number, values: ProposalForm) =>
  Object.keys(validateStep(step, values)).length === 0;

/** The first step holding an error (where an invalid submit takes the user), or -1. */
export function firstInvalidStep(values: ProposalForm): number {
  for (let step = 0; step < WIZARD_STEPS.length; step++) if (!isStepValid(step, values)) return step;
  return -1;
}

/** The site's one rounding rule for a breakdown (each line to the cent, total = sum of the lines). */
export { breakdownTotal, lineTotal } from '@bawaba/shared/rules';

/** yyyy-mm-dd (date input) → ISO timestamp (docs/product-spec.md §3: the three milestone dates are sent as ISO). */
export function toIsoTimestamp(date: string): string {
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? date : new Date(ms).toISOString();
}

/** ISO timestamp → yyyy-mm-dd for a date input (Qatar calendar day). */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return qatarDay(new Date(ms));
}

/** The POST /proposals payload (docs/product-spec.md §3), from valid form values. */
export function toPayload(
  values: ProposalForm,
  submittedBy: number | null,
): v.InferInput<typeof ProposalBody> {
  return {
    tender: values.tender,
    attachment: values.attachment,
    offer_price: values.offer_price,
    title: values.title.trim(),
    description: values.description.trim(),
    period: values.period,
    currency: values.currency,
    payment_terms: values.payment_terms,
    milestones: values.milestones.map((m) => ({
      title: m.title.trim(),
      description: m.description.trim(),
      amount: m.amount,
      period: m.period,
      documents: m.documents,
      start_date: toIsoTimestamp(m.start_date),
      end_date: toIsoTimestamp(m.end_date),
      expected_completion_date: toIsoTimestamp(m.expected_completion_date),
    })),
    breakdown: values.breakdown.map((b) => ({
      name: b.name.trim(),
      description: b.description.trim(),
      quantity: Number(b.quantity),
      unitPrice: Number(b.unitPrice),
    })),
    priceDocuments: values.priceDocuments,
    ...(submittedBy === null ? {} : { submitted_by: submittedBy }),
  };
}

/**
 * The pickers of proposal attachments offer the spec's lists (docs/product-spec.md §5 wizard, §2 resubmit), each
 * narrower than what the server accepts for a proposal attachment (`ACCEPT` in the contracts, which takes both).
 * Milestone documents use the contract's list as it is.
 */
export const WIZARD_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.png';
export const RESUBMIT_ACCEPT = '.png,.jpg,.jpeg,.pdf';
