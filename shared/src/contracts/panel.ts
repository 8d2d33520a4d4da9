import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IntLike } from './common.ts';
import { optionalTextReference, TextLang } from './texts.ts';

/**
 * The evaluation panel (docs/decisions/0014-evaluation-panel.md): the members of the tender's company the buyer side
 * appoints to judge its proposals, one of them the chair; each evaluator's conflict-of-interest declaration; their
 * scores per proposal and criterion (weighted method); the chair's technical lock; and the results derived from the
 * scores and prices.
 *
 * A criterion is named by its position: its index in the tender's `evaluation.criteria`, counted from 0.
 */

const Text = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

const Id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

/** PUT /tenders/:id/panel: the whole panel at once (an evaluator left out is dropped, with their scores). */
export const PanelBody = v.pipe(
  v.object({
    /** Members of the tender's company (a personal tender: its owner alone), 1 to 10, each once. */
    evaluatorIds: v.pipe(
      v.array(Id('Choose the evaluators.'), 'Choose the evaluators.'),
      v.minLength(1, 'Choose at least one evaluator.'),
      v.maxLength(10, 'At most 10 evaluators.'),
      v.check((ids) => new Set(ids).size === ids.length, 'Each evaluator is chosen once.'),
    ),
    /** One of `evaluatorIds`. */
    chairId: Id('Choose the chair.'),
  }),
  v.forward(
    v.partialCheck(
      [['evaluatorIds'], ['chairId']],
      (x) => x.evaluatorIds.includes(x.chairId),
      'The chair must be one of the evaluators.',
    ),
    ['chairId'],
  ),
);
export type PanelBody = v.InferInput<typeof PanelBody>;

/** POST /tenders/:id/panel/declaration: the conflict-of-interest declaration, signed or declined with a reason. */
export const DeclarationBody = v.pipe(
  v.object({
    decision: v.picklist(['sign', 'decline'], 'Sign or decline the declaration.'),
    reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'At most 2000 characters.')), ''),
  }),
  v.forward(
    v.partialCheck(
      [['decision'], ['reason']],
      (x) => x.decision !== 'decline' || Boolean(x.reason),
      'Say why you decline.',
    ),
    ['reason'],
  ),
);
export type DeclarationBody = v.InferInput<typeof DeclarationBody>;

/** A criterion's position (from 0). */
const Criterion = v.pipe(
  v.number('Choose a criterion.'),
  v.integer('Choose a criterion.'),
  v.minValue(0, 'Choose a criterion.'),
  v.maxValue(19, 'Choose a criterion.'),
);
const SCORE = 'A score is a whole number from 0 to 10.';

/** One score: a criterion of one proposal, 0–10, with the evaluator's reasons. */
export const ScoreInput = v.object({
  criterion: Criterion,
  score: v.pipe(v.number(SCORE), v.integer(SCORE), v.minValue(0, SCORE), v.maxValue(10, SCORE)),
  comment: Text('Explain the score.', 2000, 'At most 2000 characters.'),
});

/**
 * PUT /tenders/:id/panel/scores/:proposalId: the caller's scores of one proposal (a draft: saved as often as they like
 * until they submit); the criteria sent replace those saved, the others are kept.
 */
export const ScoresBody = v.object({
  scores: v.pipe(
    v.array(ScoreInput, 'Score at least one criterion.'),
    v.minLength(1, 'Score at least one criterion.'),
    v.maxLength(20, 'Score at least one criterion.'),
    v.check((s) => new Set(s.map((x) => x.criterion)).size === s.length, 'Each criterion is scored once.'),
  ),
});
export type ScoresBody = v.InferInput<typeof ScoresBody>;

/** POST /tenders/:id/panel/revisit: the chair asks an evaluator who submitted to look at one score again. */
export const RevisitBody = v.object({
  evaluatorId: Id('Choose the evaluator.'),
  proposalId: Id('Choose the proposal.'),
  criterion: Criterion,
  reason: Text('Reason is required.', 2000, 'At most 2000 characters.'),
});
export type RevisitBody = v.InferInput<typeof RevisitBody>;

export const PanelScoreParams = v.object({ id: IntLike, proposalId: IntLike });

/** Where an evaluator stands with their conflict-of-interest declaration. */
export const DeclarationStatus = v.picklist(['pending', 'signed', 'declined']);
export type DeclarationStatus = v.InferOutput<typeof DeclarationStatus>;

/** An appointed evaluator, as the buyer side, the panel and admins see them. */
export const PanelMember = v.object({
  userId: v.number(),
  name: v.string(),
  isChair: v.boolean(),
  /** `declined`: off the panel (kept to show who declined and why). */
  declaration: DeclarationStatus,
  declaredAt: v.nullable(v.string()),
  /** Why they declined (null otherwise). */
  declineReason: v.nullable(v.string()),
  /** When they submitted their scores (null: not submitted, or reopened by a revisit). */
  submittedAt: v.nullable(v.string()),
});
export type PanelMember = v.InferOutput<typeof PanelMember>;

/** The caller's own standing on the panel (the rulebook's caller facts). */
export const PanelStanding = v.object({
  chair: v.boolean(),
  declaration: DeclarationStatus,
  submitted: v.boolean(),
});
export type PanelStanding = v.InferOutput<typeof PanelStanding>;

/**
 * A bidder, for the declaration: the company a proposal was made for (`companyName`, in the reader's language with
 * `companyNameLang`), or the person's name for a personal bid (company fields null).
 */
export const PanelBidder = v.object({
  proposalId: v.number(),
  name: v.string(),
  ...optionalTextReference('companyName'),
  /** The panel scores this proposal (false: it was marked not responsive, so it is neither scored nor ranked). */
  scored: v.boolean(),
});
export type PanelBidder = v.InferOutput<typeof PanelBidder>;

/** A chair's request to look at a score again, until the evaluator submits again. */
export const Revisit = v.object({ reason: v.string(), requestedAt: v.string() });

/** One evaluator's score of one proposal on one criterion. */
export const PanelScore = v.object({
  evaluatorId: v.number(),
  proposalId: v.number(),
  criterion: v.number(),
  score: v.number(),
  comment: v.string(),
  /** The chair asked to look at it again (null: no revisit waiting). */
  revisit: v.nullable(Revisit),
});
export type PanelScore = v.InferOutput<typeof PanelScore>;

/** The chair's view of one proposal × criterion after their own submission: every evaluator's score, min and max. */
export const SpreadCell = v.object({
  proposalId: v.number(),
  criterion: v.number(),
  min: v.number(),
  max: v.number(),
  scores: v.array(v.object({ evaluatorId: v.number(), score: v.number(), comment: v.string() })),
});
export type SpreadCell = v.InferOutput<typeof SpreadCell>;

/**
 * One proposal's result, derived from the scores and prices (never stored), after the technical lock. Scores have two
 * decimals. `technicalScore` (weighted only) = Σ criteria (mean score ÷ 10 × weight), 0–100; `priceScore` = lowest
 * passed price ÷ this price × financial weight (weighted only; null for a failed proposal, or one priced in another
 * currency than the tender's); `finalScore` = technical × technical weight ÷ 100 + price score; `rank` by final score
 * (weighted) or by price (lowest price) among the passed proposals, ties sharing a rank (null: not ranked).
 */
export const ProposalResult = v.object({
  proposalId: v.number(),
  bidder: PanelBidder,
  /** The mean score per criterion (weighted only; null when nobody scored it, e.g. a not-responsive proposal). */
  criteria: v.array(v.object({ criterion: v.number(), mean: v.nullable(v.number()) })),
  technicalScore: v.nullable(v.number()),
  technicalPassed: v.boolean(),
  priceScore: v.nullable(v.number()),
  finalScore: v.nullable(v.number()),
  rank: v.nullable(v.number()),
});
export type ProposalResult = v.InferOutput<typeof ProposalResult>;

/** The results of the technical stage and the ranking, once locked: best first, the unranked last. */
export const EvaluationResults = v.object({
  lockedAt: v.string(),
  lockedBy: v.nullable(Actor),
  /** Weighted only: the technical score a proposal needed to pass. */
  passMark: v.nullable(v.number()),
  proposals: v.array(ProposalResult),
});
export type EvaluationResults = v.InferOutput<typeof EvaluationResults>;

/**
 * GET /tenders/:id/panel: the panel of a tender for its buyer side (any role), its evaluators and admins.
 * Independence: an evaluator reads their own scores (`myScores`), and the others' (`scores`) only once they have
 * submitted (`scoresHidden` true before); the chair, after their own submission, also reads the `spread`. The buyer
 * side off the panel and admins read the members and statuses, and the scores only after the lock. An evaluator who
 * has not signed the declaration reads the bidders and the members, nothing of the proposals.
 */
export const Panel = v.object({
  tenderId: v.number(),
  /** The chair's user id (null: none, e.g. the chair declined and nobody was appointed since). */
  chairId: v.nullable(v.number()),
  members: v.array(PanelMember),
  /** The caller's standing on the panel (null: not on it). */
  me: v.nullable(PanelStanding),
  /** Who bid, for the declaration (null before bid opening: bidders are not known until then). */
  bidders: v.nullable(v.array(PanelBidder)),
  /** The caller's own scores (empty off the panel). */
  myScores: v.array(PanelScore),
  /** The other evaluators' scores are hidden from the caller (an evaluator before submitting, others before the lock). */
  scoresHidden: v.boolean(),
  /** Every evaluator's scores the caller may read (empty while `scoresHidden`). */
  scores: v.array(PanelScore),
  /** The chair's spread (null for anyone else, and for the chair before their own submission). */
  spread: v.nullable(v.array(SpreadCell)),
  lockedAt: v.nullable(v.string()),
  /** After the lock (null before, and for an evaluator who has not signed). */
  results: v.nullable(EvaluationResults),
});
export type Panel = v.InferOutput<typeof Panel>;

/** One criterion in a debrief: its name in the reader's language (else the other), its weight, both mean scores. */
export const DebriefCriterion = v.object({
  criterion: v.number(),
  name: v.string(),
  nameLang: TextLang,
  weight: v.number(),
  /** The mean of the evaluators' scores of the bidder's proposal (0–10, two decimals; null: not scored). */
  mine: v.nullable(v.number()),
  /** The same for the winning proposal. */
  winner: v.nullable(v.number()),
  /** The evaluators' comments on the bidder's proposal for this criterion, unsigned (who wrote them is not told). */
  comments: v.array(v.string()),
});
export type DebriefCriterion = v.InferOutput<typeof DebriefCriterion>;

/** A proposal's scores in a debrief (null where the method has none). */
export const DebriefScores = v.object({
  technicalScore: v.nullable(v.number()),
  priceScore: v.nullable(v.number()),
  finalScore: v.nullable(v.number()),
  rank: v.nullable(v.number()),
});

/**
 * GET /tenders/:id/debrief: a bidder's personal debrief once an award is decided (during the standstill and after
 * it), for the proposal's bidding side only: their scores per criterion against the winner's, their rank among the
 * ranked proposals, whether they passed the technical stage and the reasons recorded (the evaluators' comments on
 * their proposal, the reason it was marked not responsive). Derived from the same results as the panel's
 * (docs/decisions/0014-evaluation-panel.md).
 */
export const Debrief = v.object({
  tenderId: v.number(),
  proposalId: v.number(),
  method: v.picklist(['lowest_price', 'weighted']),
  /** Their proposal is the one awarded. */
  isWinner: v.boolean(),
  /** Passed the technical stage (null: the method has none, lowest price in one envelope). */
  technicalPassed: v.nullable(v.boolean()),
  passMark: v.nullable(v.number()),
  /** Why their proposal was marked not responsive (null: it was not). */
  notResponsiveReason: v.nullable(v.string()),
  mine: DebriefScores,
  winner: DebriefScores,
  /** How many proposals were ranked. */
  rankedCount: v.number(),
  /** Weighted only (empty for lowest price). */
  criteria: v.array(DebriefCriterion),
});
export type Debrief = v.InferOutput<typeof Debrief>;
