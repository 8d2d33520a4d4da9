import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IsoDate } from './common.ts';
import { Currency } from './tenders.ts';
import { optionalTextReference, textReference } from './texts.ts';

export const PAYMENT_TERMS = [
  { value: '30_days', label: 'Net 30 Days' },
  { value: '60_days', label: 'Net 60 Days' },
  { value: 'advance', label: '50% Advance, 50% Completion' },
  { value: 'custom', label: 'Custom Terms' },
] as const;
export const PaymentTerms = v.picklist(
  ['30_days', '60_days', 'advance', 'custom'],
  'Please select payment terms',
);
export type PaymentTerms = v.InferOutput<typeof PaymentTerms>;

const required = (msg: string) => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));
const date = IsoDate;
const atLeast1 = (requiredMsg: string, minMsg: string) =>
  v.pipe(v.number(requiredMsg), v.minValue(1, minMsg), v.maxValue(1_000_000_000, minMsg));
const FileIds = v.optional(
  v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid file id'))), v.maxLength(20, 'At most 20 documents.')),
  [],
);

/** Proposal wizard messages (docs/product-spec.md §5). Dates are ISO timestamps. */
export const Milestone = v.object({
  title: required('Milestone title is required'),
  description: required('Please describe deliverables'),
  amount: atLeast1('Please enter payment amount', 'Amount must be greater than zero'),
  period: v.pipe(
    atLeast1('Please specify duration', 'Duration must be at least 1 day'),
    v.integer('Duration must be a whole number of days'),
  ),
  /** Ids of uploads with purpose `milestone-document`. */
  documents: FileIds,
  start_date: date('Please select start date'),
  end_date: date('Please select end date'),
  expected_completion_date: date('Please select expected finish date'),
});
export type Milestone = v.InferInput<typeof Milestone>;

export const BreakdownItem = v.object({
  name: v.pipe(
    v.string('Item name is required'),
    v.trim(),
    v.nonEmpty('Item name is required'),
    v.maxLength(200, 'Item name must be at most 200 characters.'),
  ),
  description: v.optional(
    v.pipe(v.string(), v.maxLength(1000, 'Description must be at most 1000 characters.')),
    '',
  ),
  quantity: v.optional(
    v.pipe(
      v.number(),
      v.integer('Quantity must be a whole number'),
      v.minValue(1, 'Quantity must be at least 1'),
    ),
    1,
  ),
  unitPrice: v.optional(v.pipe(v.number(), v.minValue(0, 'Unit price cannot be negative')), 0),
});
export type BreakdownItem = v.InferInput<typeof BreakdownItem>;

/** POST /proposals — the proposal wizard payload (docs/product-spec.md §3). `submitted_by` is ignored: the caller is the bidder. */
export const ProposalBody = v.object({
  tender: v.pipe(
    v.number('Please complete all required fields'),
    v.integer('Please complete all required fields'),
  ),
  /** Id of an upload with purpose `proposal-attachment`. */
  attachment: v.pipe(
    v.string('Please upload at least one supporting document'),
    v.nonEmpty('Please upload at least one supporting document'),
  ),
  offer_price: atLeast1('Please enter proposal value', 'Value must be greater than zero'),
  title: v.pipe(
    required('Please provide a proposal title'),
    v.maxLength(200, 'Title must be at most 200 characters.'),
  ),
  description: v.pipe(
    required('Please provide a proposal description'),
    v.maxLength(2000, 'Description must be at most 2000 characters.'),
  ),
  period: v.pipe(
    atLeast1('Please specify project duration', 'Duration must be at least 1 day'),
    v.integer('Duration must be a whole number of days'),
  ),
  currency: v.optional(Currency, 'QAR'),
  payment_terms: v.optional(PaymentTerms, '30_days'),
  milestones: v.pipe(
    v.array(Milestone),
    v.minLength(1, 'Please add at least one milestone'),
    v.maxLength(50, 'At most 50 milestones.'),
  ),
  breakdown: v.optional(v.pipe(v.array(BreakdownItem), v.maxLength(100, 'At most 100 breakdown items.')), []),
  /** Ids of uploads with purpose `price-document`: the financial part's documents (docs/decisions/0012-evaluation.md). */
  priceDocuments: FileIds,
  submitted_by: v.optional(v.unknown()),
});
export type ProposalBody = v.InferInput<typeof ProposalBody>;

/** Resubmit form messages (docs/product-spec.md §5). */
export const ResubmitMilestone = v.object({
  title: required('Milestone Title is required.'),
  description: required('Milestone Description is required.'),
  amount: atLeast1('Amount is required.', 'Amount must be greater than 0.'),
  period: v.optional(
    v.pipe(
      v.number(),
      v.integer('Period must be a whole number of days.'),
      v.minValue(1, 'Period must be greater than 0.'),
    ),
  ),
  documents: FileIds,
  start_date: date('Start Date is required.'),
  end_date: date('End Date is required.'),
  expected_completion_date: date('Expected Completion Date is required.'),
});

/** PUT /proposals/:id — resubmission; fields not given keep their previous values. */
export const ResubmitProposalBody = v.object({
  attachment: v.pipe(v.string('Attachment is required.'), v.nonEmpty('Attachment is required.')),
  offer_price: atLeast1('Offer Price is required.', 'Offer Price must be greater than 0.'),
  title: v.pipe(required('Title is required.'), v.maxLength(200, 'Title must be at most 200 characters.')),
  description: v.pipe(
    required('Description is required.'),
    v.maxLength(2000, 'Description must be at most 2000 characters.'),
  ),
  period: v.pipe(
    atLeast1('Period is required.', 'Period must be greater than 0.'),
    v.integer('Period must be a whole number of days.'),
  ),
  milestones: v.pipe(
    v.array(ResubmitMilestone),
    v.minLength(1, 'Milestone Title is required.'),
    v.maxLength(50, 'At most 50 milestones.'),
  ),
  currency: v.optional(Currency),
  payment_terms: v.optional(PaymentTerms),
  breakdown: v.optional(v.pipe(v.array(BreakdownItem), v.maxLength(100, 'At most 100 breakdown items.'))),
  /** Not sent: the previous version's. */
  priceDocuments: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid file id'))), v.maxLength(20, 'At most 20 documents.')),
  ),
});
export type ResubmitProposalBody = v.InferInput<typeof ResubmitProposalBody>;

export const PaymentStatus = v.picklist(['not_required', 'unpaid', 'paid', 'failed']);
export type PaymentStatus = v.InferOutput<typeof PaymentStatus>;

/** The owner's mark on a proposal after bid opening. */
export const ProposalEvaluation = v.picklist(['shortlisted', 'not_responsive']);
export type ProposalEvaluation = v.InferOutput<typeof ProposalEvaluation>;
/** What a bidder learns when the tender ends: won, not chosen, nobody chosen, or the tender was cancelled. */
export const ProposalOutcome = v.picklist(['awarded', 'unsuccessful', 'no_award', 'cancelled']);
export type ProposalOutcome = v.InferOutput<typeof ProposalOutcome>;

/**
 * One version of a proposal. Its financial part (docs/decisions/0012-evaluation.md: `offer_price`, `currency`,
 * `payment_terms`, `breakdown`, the milestones' `amount` and `priceDocuments`) is null while it is sealed to the
 * caller (the proposal's `financialSealed`); the bidding side always reads it.
 */
export const ProposalVersion = v.object({
  version: v.number(),
  submittedAt: v.string(),
  /** Who sent this version (a colleague's resubmission names the colleague) and for which company; null once the
   * person's account is deleted. */
  actedBy: v.nullable(Actor),
  attachment: v.string(),
  offer_price: v.nullable(v.number()),
  title: v.string(),
  description: v.string(),
  period: v.number(),
  currency: v.nullable(Currency),
  payment_terms: v.nullable(PaymentTerms),
  milestones: v.array(
    v.object({
      title: v.string(),
      description: v.string(),
      amount: v.nullable(v.number()),
      period: v.number(),
      documents: v.array(v.string()),
      start_date: v.string(),
      end_date: v.string(),
      expected_completion_date: v.string(),
    }),
  ),
  breakdown: v.nullable(
    v.array(
      v.object({ name: v.string(), description: v.string(), quantity: v.number(), unitPrice: v.number() }),
    ),
  ),
  /** The financial part's documents (file ids), beside the prices and the breakdown. */
  priceDocuments: v.nullable(v.array(v.string())),
});
export type ProposalVersion = v.InferOutput<typeof ProposalVersion>;

/**
 * A proposal. `current` and `versions` are null for the tender owner while the proposal is sealed (before the
 * tender's deadline); the bidder always sees them.
 */
export const Proposal = v.object({
  id: v.number(),
  tender: v.object({
    id: v.number(),
    ...textReference('title'),
    number: v.string(),
    deadline: v.nullable(v.string()),
    /** The tender's currency: the fee and bond (`amountDue`) are charged in it. */
    currency: Currency,
  }),
  bidder: v.object({
    id: v.number(),
    name: v.string(),
    ...optionalTextReference('companyName'),
  }),
  status: v.picklist(['submitted', 'resubmitted']),
  paymentStatus: PaymentStatus,
  amountDue: v.number(),
  /**
   * The caller may pay the fee and bond now (`POST /proposals/:id/pay` would start a checkout): their own proposal,
   * unpaid or failed with an amount due, on a tender still taking proposals. The UI offers "Pay now" only then.
   */
  canPay: v.boolean(),
  /**
   * The caller may send a new version now (`PUT /proposals/:id` would be accepted): their own proposal, on a tender
   * still taking proposals (the rulebook's `resubmitProposal`). The UI offers "Resubmit" only then.
   */
  canResubmit: v.boolean(),
  currentVersion: v.number(),
  sealed: v.boolean(),
  /**
   * The financial part of every version is blanked (null) for the caller: a two-envelope tender's proposal read by
   * anyone but its bidding side (owner, evaluators and admins included) until the technical stage is locked, and
   * for ever when the proposal did not pass it.
   */
  financialSealed: v.boolean(),
  current: v.nullable(ProposalVersion),
  versions: v.nullable(v.array(ProposalVersion)),
  /** The owner's evaluation (owner and admins only; null for the bidder and before bid opening). */
  evaluation: v.nullable(ProposalEvaluation),
  /** The bidder's outcome once the tender ended: null while it runs. */
  outcome: v.nullable(ProposalOutcome),
  /** The tender was amended after this proposal's latest version: the bidder should review it and resubmit. */
  predatesAmendment: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Proposal = v.InferOutput<typeof Proposal>;

/** Response of POST /proposals and PUT /proposals/:id: `payUrl` present when a fee/bond is still unpaid. */
export const ProposalSubmitted = v.object({ proposal: Proposal, payUrl: v.optional(v.string()) });
export type ProposalSubmitted = v.InferOutput<typeof ProposalSubmitted>;

export const PayNowResponse = v.object({ payUrl: v.string(), reference: v.string() });
export type PayNowResponse = v.InferOutput<typeof PayNowResponse>;

export const Payment = v.object({
  id: v.string(),
  reference: v.string(),
  provider: v.string(),
  status: v.picklist(['pending', 'paid', 'failed']),
  amount: v.number(),
  currency: v.string(),
  proposalId: v.number(),
  tender: v.object({ id: v.number(), ...textReference('title') }),
  createdAt: v.string(),
  completedAt: v.nullable(v.string()),
});
export type Payment = v.InferOutput<typeof Payment>;

/** A payment's reference, as the callback page reads it from the URL (`PAY-` and twelve hex digits). */
export const PaymentReferenceParams = v.object({
  reference: v.pipe(v.string(), v.regex(/^PAY-[0-9A-F]{12}$/, 'Unknown reference')),
});

/** The sandbox checkout's form post: the payer's choice. */
export const CheckoutChoice = v.object({ action: v.picklist(['pay', 'decline'], 'Choose Pay or Decline.') });
