import * as v from 'valibot';
import { ServiceRef } from './catalog.ts';
import { BoolLike, IntLike, IsoDate, NumberLike, Optional } from './common.ts';
import { CREDENTIAL_KINDS, CredentialKind } from './credentials.ts';
import { Evaluation } from './evaluation.ts';
import { UploadedFile } from './files.ts';
import { PaymentRecord } from './ratings.ts';
import { TENDER_ACTIONS } from './tender-actions.ts';
import {
  optionalTextReference,
  TextLang,
  textAnswer,
  textReference,
  textRequest,
  writtenInOneVersion,
} from './texts.ts';

export const TenderStatus = v.picklist(['open', 'closed']);
export type TenderStatus = v.InferOutput<typeof TenderStatus>;
export const ApprovalStatus = v.picklist(['draft', 'pending', 'approved', 'rejected']);
export type ApprovalStatus = v.InferOutput<typeof ApprovalStatus>;
export const Currency = v.picklist(['QAR', 'USD', 'EUR'], 'Unknown currency: choose QAR, USD or EUR.');
export type Currency = v.InferOutput<typeof Currency>;

/**
 * Where a tender is in its life (shared/src/rules/tender-rules.ts holds the transitions): draft → pending
 * approval (→ rejected → draft) → published (questions, proposals, amendments) → bids opened (at the deadline) →
 * standstill (an award decided, not final yet: objections) → awarded | no award; cancelled from published, bids
 * opened or the standstill.
 */
export const TenderState = v.picklist([
  'draft',
  'pending_approval',
  'rejected',
  'published',
  'bids_opened',
  'standstill',
  'awarded',
  'no_award',
  'cancelled',
]);
export type TenderState = v.InferOutput<typeof TenderState>;
/**
 * The list's stage filter: one lifecycle state, `ended` (awarded, no award or cancelled) or `all`. GET /tenders
 * lists only the tenders one can still act on (`published`: proposals and interest accepted) unless asked.
 */
export const TenderStateFilter = v.picklist(
  ['', ...TenderState.options, 'ended', 'all'],
  'Unknown tender stage.',
);
export type TenderStateFilter = Exclude<v.InferOutput<typeof TenderStateFilter>, ''>;
/** The states a tender ends in. */
export const TenderOutcomeStatus = v.picklist(['awarded', 'no_award', 'cancelled']);
export type TenderOutcomeStatus = v.InferOutput<typeof TenderOutcomeStatus>;

/**
 * How a tender ended: public (the winner's company name in the reader's language, else the other, with the language
 * it is in; a winner without a company by their own name, whose language is not on record: `nameLang` null; the
 * reason of a cancellation).
 */
export const TenderOutcome = v.object({
  status: TenderOutcomeStatus,
  at: v.string(),
  /** The reason of a cancellation or a no-award (public); the award note for the owner and admins only. */
  note: v.nullable(v.string()),
  winner: v.nullable(v.object({ name: v.string(), nameLang: v.nullable(TextLang) })),
});
export type TenderOutcome = v.InferOutput<typeof TenderOutcome>;

export { TENDER_ACTIONS };
export const TenderAction = v.picklist(TENDER_ACTIONS);
export type TenderAction = v.InferOutput<typeof TenderAction>;

/**
 * Why a caller may not take an action now: the error code the API answers when it is attempted anyway (its
 * message, in both languages, is api/src/errors.ts's).
 */
export const TenderRefusal = v.picklist([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ADMIN_ONLY',
  'TENDER_NOT_FOUND',
  'NOT_TENDER_OWNER',
  'COMPANY_ROLE_REQUIRED',
  'OWN_TENDER',
  'OWN_TENDER_QUESTION',
  'TENDER_NOT_PUBLISHED',
  'TENDER_NOT_CLOSED',
  'TENDER_INVALID_STATE',
  'TENDER_NOT_PUBLISHED_STATE',
  'TENDER_ENDED',
  'DEADLINE_PASSED',
  'BIDS_NOT_OPENED',
  'CLARIFICATION_CUTOFF_PASSED',
  'INTEREST_EXISTS',
  'INTEREST_NOT_APPROVED',
  'PROPOSAL_EXISTS',
  'PROPOSAL_NOT_FOUND',
  'DECISION_PENDING',
  'DECISION_NOT_PENDING',
  'OWN_DECISION_REQUEST',
  'OBJECTION_OPEN',
  'OBJECTION_EXISTS',
  'NO_OPEN_OBJECTION',
  'WINNER_CANNOT_OBJECT',
  'STANDSTILL_ENDED',
  'TECHNICAL_NOT_LOCKED',
  'BAFO_NOT_ANNOUNCED',
  'BAFO_ALREADY_HELD',
  'BAFO_NOT_STARTED',
  'NOT_INVITED_TO_BAFO',
  'BAFO_CLOSED',
  'BAFO_OPEN',
  // The evaluation panel's
  'NOT_EVALUATOR',
  'NOT_CHAIR',
  'NOT_WEIGHTED',
  'DECLARATION_REQUIRED',
  'DECLARATION_MADE',
  'SCORES_SUBMITTED',
  'PANEL_NOT_READY',
  'TECHNICAL_LOCKED',
  'LOCK_NOT_NEEDED',
  // A required credential the bidder's company does not hold (verified, not expired)
  'CREDENTIALS_REQUIRED',
]);
export type TenderRefusal = v.InferOutput<typeof TenderRefusal>;

const eachAction = <S>(schema: S) =>
  Object.fromEntries(TENDER_ACTIONS.map((action) => [action, schema])) as { [A in TenderAction]: S };

/** What the caller may do to this tender now: one flag per action (`TENDER_ACTIONS`). */
export const TenderCan = v.object(eachAction(v.boolean()));
export type TenderCan = v.InferOutput<typeof TenderCan>;
/** Why each action the caller may not take is refused (absent for the allowed ones). */
export const TenderRefusals = v.object(eachAction(v.optional(TenderRefusal)));
export type TenderRefusals = v.InferOutput<typeof TenderRefusals>;

/** A tender. The `is*` flags are computed for the caller (false for anonymous callers). */
export const Tender = v.object({
  id: v.number(),
  number: v.string(),
  /** The caller's language version, else the other (texts.ts); `titleLang`: the language it is in. */
  ...textAnswer('title'),
  /** Sanitized HTML, as `title`. */
  ...textAnswer('description'),
  status: TenderStatus,
  approvalStatus: v.object({
    status: ApprovalStatus,
    /** While rejected: the admin's reason (the owner and admins see it), otherwise null. */
    reason: v.optional(v.nullable(v.string())),
  }),
  isPublished: v.boolean(),
  start_date: v.nullable(v.string()),
  end_date: v.nullable(v.string()),
  publish_date: v.nullable(v.string()),
  deadline: v.nullable(v.string()),
  createdAt: v.string(),
  user: v.object({ id: v.number(), name: v.string() }),
  ownerId: v.number(),
  services: v.array(ServiceRef),
  /** Bond amount (QAR); 0 = none. */
  bond: v.number(),
  /** Participation fee (QAR); 0 = none. Bond + fee is what a bidder pays when submitting a proposal. */
  participationFee: v.number(),
  budget: v.nullable(v.number()),
  currency: Currency,
  documents: v.array(UploadedFile),
  isPastDeadline: v.boolean(),
  isOwner: v.boolean(),
  isProposalSubmitted: v.boolean(),
  isInterestSubmitted: v.boolean(),
  isInterestApproved: v.boolean(),
  state: TenderState,
  /** When questions stop (the owner's cut-off or the default before the deadline). */
  clarificationCutoff: v.nullable(v.string()),
  amendmentCount: v.number(),
  /** How its proposals will be judged, published with it (evaluation.ts). */
  evaluation: Evaluation,
  outcome: v.nullable(TenderOutcome),
  /** Qatar working days between the award decision and the award becoming final (0: final at once). */
  standstillDays: v.number(),
  /** While an award decision stands, not final yet (state `standstill`): when the standstill ends. */
  standstillEndsAt: v.nullable(v.string()),
  /** The kinds of credential a bidder's company must hold, verified and not expired, to submit a proposal. */
  requiredCredentials: v.array(CredentialKind),
  /**
   * What the caller may do now, computed by the same rules the API applies when the action is attempted: the
   * pages offer exactly these actions and decide none themselves.
   */
  can: TenderCan,
  refusals: TenderRefusals,
  /**
   * The buyer's payment record from its contracts on Bawaba (ratings.ts `PaymentRecord`), for signed-in readers of
   * the tender (GET /tenders/:id only; absent elsewhere and for visitors).
   */
  buyerPaymentRecord: v.optional(PaymentRecord),
});
export type Tender = v.InferOutput<typeof Tender>;

const DateFilter = v.optional(v.union([v.literal(''), IsoDate()]));
const NumFilter = v.optional(v.union([v.literal(''), NumberLike]));

/** Filters of GET /tenders, GET /tenders/mine and GET /admin/tenders (docs/product-spec.md §3), all optional. */
export const TenderListQuery = v.object({
  number: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(50, 'Search text must be at most 50 characters.')),
  ),
  title: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text must be at most 200 characters.')),
  ),
  status: v.optional(v.union([v.literal(''), TenderStatus])),
  approvalStatus: v.optional(v.union([v.literal(''), ApprovalStatus])),
  minBond: NumFilter,
  maxBond: NumFilter,
  /** The tender's estimated budget in QAR (the filter form's min/max budget). Tenders without one don't match. */
  minBudget: NumFilter,
  maxBudget: NumFilter,
  startDateFrom: DateFilter,
  startDateTo: DateFilter,
  endDateFrom: DateFilter,
  endDateTo: DateFilter,
  publishDateFrom: DateFilter,
  publishDateTo: DateFilter,
  isPublished: v.optional(v.union([v.literal(''), BoolLike])),
  /** The lifecycle stage (TenderStateFilter); GET /tenders defaults to `published`, the other lists to `all`. */
  state: v.optional(TenderStateFilter),
  /** Keyword over the title and the description. */
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text must be at most 200 characters.')),
  ),
  /** Tenders asking for this service, or for any service of this category (the directory's category tree). */
  serviceId: v.optional(v.union([v.literal(''), IntLike], 'Must be a valid id')),
  categoryId: v.optional(v.union([v.literal(''), IntLike], 'Must be a valid id')),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 100),
});
export type TenderListQuery = v.InferInput<typeof TenderListQuery>;

const Money = (msg: string) => v.pipe(v.number(msg), v.minValue(0, msg), v.maxValue(1_000_000_000, msg));

/** The standstill of a tender whose form did not say (Qatar working days). */
export const DEFAULT_STANDSTILL_DAYS = 5;
const STANDSTILL_RANGE = 'The standstill is a whole number of working days from 0 to 30.';
/** The standstill of a tender, in Qatar working days (0: the award is final at once). */
export const StandstillDays = v.pipe(
  v.number(STANDSTILL_RANGE),
  v.integer(STANDSTILL_RANGE),
  v.minValue(0, STANDSTILL_RANGE),
  v.maxValue(30, STANDSTILL_RANGE),
);

const TITLE_TOO_LONG = 'Title must be at most 200 characters.';
const DESCRIPTION_TOO_LONG = 'Description is too long.';

/**
 * POST /tenders (creates a draft) and PATCH /tenders/:id (draft or rejected only). The title and description in
 * English and Arabic (`titleEn`, `titleAr`, …; at least one title; a version not sent stays as it was), or the
 * older forms' single `title` / `description`, taken as the version of the language it is written in.
 */
export const TenderBody = v.pipe(
  v.object({
    ...textRequest('title', { maxLength: 200, tooLong: TITLE_TOO_LONG, required: 'Title is required.' }),
    ...textRequest('description', { maxLength: 20000, tooLong: DESCRIPTION_TOO_LONG }),
    status: v.optional(TenderStatus, 'open'),
    bond: v.optional(Money('Bond must be 0 or more.'), 0),
    participationFee: v.optional(Money('Participation fee must be 0 or more.'), 0),
    budget: Optional(Money('Budget must be 0 or more.')),
    currency: v.optional(Currency, 'QAR'),
    serviceIds: v.optional(
      v.pipe(
        v.array(v.pipe(v.number(), v.integer('Must be a list of ids'))),
        v.maxLength(50, 'At most 50 services.'),
      ),
      [],
    ),
    /** Ids of uploads with purpose `tender-document`. */
    documentIds: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.uuid('Invalid file id'))),
        v.maxLength(20, 'At most 20 documents.'),
      ),
      [],
    ),
    start_date: IsoDate('Start Date is required.'),
    end_date: IsoDate('End Date is required.'),
    deadline: IsoDate('Deadline is required.'),
    /** When questions stop; empty = CLARIFICATION_LEAD_DAYS working days before the deadline; on a day off, the working day before. Never after the deadline. */
    clarification_cutoff: Optional(v.union([v.literal(''), IsoDate()])),
    /** How proposals will be judged; not sent: a new tender takes the lowest price in one envelope, an edit keeps
     * the tender's. */
    evaluation: v.optional(Evaluation),
    /** Working days of standstill after the award decision; not sent: 5 for a new tender, an edit keeps it. */
    standstillDays: v.optional(StandstillDays),
    /** Credential kinds a bidder's company must hold verified and unexpired to bid; not sent: none for a new
     * tender, an edit keeps the tender's. */
    requiredCredentials: v.optional(
      v.pipe(v.array(CredentialKind), v.maxLength(CREDENTIAL_KINDS.length, 'Each kind of credential once.')),
    ),
  }),
  writtenInOneVersion('title', 'Title is required.'),
  v.forward(
    v.partialCheck(
      [['clarification_cutoff'], ['deadline']],
      (x) => !x.clarification_cutoff || Date.parse(x.clarification_cutoff) <= Date.parse(x.deadline),
      'The clarification cut-off must be on or before the deadline.',
    ),
    ['clarification_cutoff'],
  ),
  v.forward(
    v.partialCheck(
      [['start_date'], ['end_date']],
      (x) => Date.parse(x.start_date) <= Date.parse(x.end_date),
      'End Date must be after Start Date.',
    ),
    ['end_date'],
  ),
);
export type TenderBody = v.InferInput<typeof TenderBody>;

/** POST /interests */
export const InterestBody = v.object({
  tender: v.pipe(v.number('Tender is required.'), v.integer('Tender is required.')),
});
export type InterestBody = v.InferInput<typeof InterestBody>;

export const InterestStatus = v.picklist(['pending', 'approved', 'rejected']);
export const Interest = v.object({
  id: v.number(),
  tender: v.object({ id: v.number(), number: v.string(), ...textReference('title') }),
  user: v.object({
    id: v.number(),
    name: v.string(),
    email: v.string(),
    ...optionalTextReference('companyName'),
  }),
  status: InterestStatus,
  /** The owner's reason for a rejection (shown to the bidder). */
  reason: v.nullable(v.string()),
  /** Approved by an invitation from the tender's owner rather than asked for. */
  invited: v.boolean(),
  createdAt: v.string(),
  decidedAt: v.nullable(v.string()),
});
export type Interest = v.InferOutput<typeof Interest>;

/** An interest in a tender, in its URL: `/tenders/:id/interests/:interestId`. */
export const InterestParams = v.object({ id: IntLike, interestId: IntLike });
