// Longer than our ~300-line rule on purpose: the whole database in one file is what drizzle-kit reads to generate
// migrations, and one place to see every table, constraint and index.

import type { Criterion, Envelopes, EvaluationMethod } from '@bawaba/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/**
 * A text a business writes for others to read, in English and in Arabic: both nullable, at least one written
 * (docs/decisions/0010-bilingual-content.md). The services enforce it with a translated refusal; this CHECK keeps
 * anything else from writing a row with neither.
 */
const eitherWritten = (table: string, field: string, en: unknown, ar: unknown) =>
  check(
    `${table}_${field}_written`,
    sql`coalesce(btrim(${en}), '') <> '' or coalesce(btrim(${ar}), '') <> ''`,
  );

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    imageUrl: text('image_url'),
    /** The user's chosen language (the site's at registration, then the language switch's): mails and live events use it. */
    language: text('language').notNull().default('en'),
    /** Email per event group (NOTICE_GROUPS); a group not listed gets email. */
    emailPrefs: jsonb('email_prefs')
      .$type<Partial<Record<string, boolean>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** How numbers and dates are shown to the user (DisplayPrefs: digits, date order); a choice not made is the default. */
    displayPrefs: jsonb('display_prefs')
      .$type<Partial<Record<string, string>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * When a platform admin suspended the account (null: not suspended): its sessions ended then, and no new one
     * starts until an admin restores it (modules/users). Why is in the admin audit log and here, for the detail.
     */
    suspendedAt: ts('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The company this session acts for (docs/decisions/0011-organisations.md); null: the user as themselves. */
    companyId: integer('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_company_idx').on(t.companyId, t.userId)],
);

export const verificationTokens = pgTable('verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(), // 'verify' | 'reset'
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/**
 * The catalogue's columns every entry has besides its names: its place among its siblings (ascending, then id), when
 * it was retired (hidden from new use, kept where used), and the version a write must name (optimistic concurrency:
 * a write naming an older version is refused, modules/catalog/service.ts).
 */
const catalogEntry = () => ({
  position: integer('position').notNull().default(0),
  retiredAt: ts('retired_at'),
  version: integer('version').notNull().default(1),
});

/** A name is used once per language among its siblings, whatever its letter case (retired entries included). */
const nameOnce = (table: string, en: AnyPgColumn, ar: AnyPgColumn, parent?: AnyPgColumn) =>
  [
    [`${table}_name_en_uq`, en],
    [`${table}_name_ar_uq`, ar],
  ].map(([name, column]) =>
    parent
      ? uniqueIndex(name as string).on(parent, sql`lower(${column})`)
      : uniqueIndex(name as string).on(sql`lower(${column})`),
  );

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    ...catalogEntry(),
  },
  (t) => nameOnce('categories', t.nameEn, t.nameAr),
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    slug: text('slug').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    ...catalogEntry(),
  },
  (t) => [
    index('services_category_idx').on(t.categoryId),
    ...nameOnce('services', t.nameEn, t.nameAr, t.categoryId),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    ...catalogEntry(),
  },
  (t) => nameOnce('locations', t.nameEn, t.nameAr),
);

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  purpose: text('purpose').notNull(),
  isPublic: boolean('is_public').notNull(),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/**
 * Who a record belongs to and who made it (docs/decisions/0011-organisations.md): the company the acting member's
 * session acted for (null: a person without a company, acting as themselves) and that member, who stays named
 * after leaving the company (the row keeps the user, never the membership).
 */
const owningCompany = (column = 'company_id') => integer(column).references((): AnyPgColumn => companies.id);
const actedBy = () =>
  integer('acted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' });

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    /** Sanitized HTML in each language (null: not written). */
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    logoUrl: text('logo_url'),
    websiteUrl: text('website_url'),
    facebook: text('facebook'),
    twitter: text('twitter'),
    linkedin: text('linkedin'),
    google: text('google'),
    skype: text('skype'),
    locationId: integer('location_id').references(() => locations.id),
    /**
     * The ids of the company's services in ascending order: a copy of its `company_services` rows kept by the
     * database (migration 0034's triggers, whoever writes them), never written by the API. The directory matches a
     * keyword's services with `service_ids && ids` and reads a page's services with its rows: no subquery to plan
     * for each new word (docs/api/search.md).
     */
    serviceIds: integer('service_ids').array().notNull().default(sql`'{}'::integer[]`),
    status: text('status').notNull().default('pending'), // pending | approved | rejected
    /** Why an admin rejected the company (shown to its owner while it is rejected). */
    rejectionReason: text('rejection_reason'),
    /**
     * The tender budget (QAR) above which an award, no award or cancellation needs a second member's approval;
     * 0: every tender (four eyes, docs/decisions/0013-decision-stage.md).
     */
    decisionApprovalAbove: numeric('decision_approval_above', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_owner_uq').on(t.ownerId),
    index('companies_status_idx').on(t.status, t.id),
    index('companies_location_idx').on(t.locationId),
    // Directory: approved companies of one location in id order (filter + order + limit from one index).
    index('companies_location_status_idx').on(t.locationId, t.status, t.id),
    // companies_name_en_trgm_idx / _ar_ (GIN, pg_trgm) for the keyword search: hand-written in drizzle/0014
    // (optional extension).
    eitherWritten('companies', 'name', t.nameEn, t.nameAr),
  ],
);

/** The roles a member of a company may hold, combinable (docs/decisions/0011-organisations.md). */
const MEMBER_ROLES_SQL = sql.raw(`array['admin','buyer','bidder','viewer','approver']::text[]`);

/** Who belongs to a company, with which roles; a person may belong to several companies. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user_idx').on(t.userId),
    check(
      'company_members_roles_known',
      sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ ${MEMBER_ROLES_SQL}`,
    ),
  ],
);

/** An administrator's invitation to join a company by email; only the token's SHA-256 is kept. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: text('roles').array().notNull(),
    /** The mail's language when the address has no account ('en' | 'ar'). */
    language: text('language').notNull().default('en'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_uq').on(t.tokenHash),
    // At most one pending invitation per company and address.
    uniqueIndex('company_invitations_pending_uq')
      .on(t.companyId, t.email)
      .where(sql`accepted_at is null and cancelled_at is null`),
    check(
      'company_invitations_roles_known',
      sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ ${MEMBER_ROLES_SQL}`,
    ),
  ],
);

export const companyServices = pgTable(
  'company_services',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.serviceId] }),
    index('company_services_service_idx').on(t.serviceId),
    // Services filter from the service side: index-only (service → company ids).
    index('company_services_service_company_idx').on(t.serviceId, t.companyId),
  ],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    projectTitle: text('project_title').notNull(),
    description: text('description').notNull(),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull(),
    status: text('status').notNull().default('pending'), // pending | approved | rejected
    /** Why an admin rejected the request (shown to the requester). */
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
    /** The requester's company (companyId is the company asked). */
    requesterCompanyId: owningCompany('requester_company_id'),
    actedByUserId: actedBy(),
  },
  (t) => [
    index('requests_company_idx').on(t.companyId),
    index('requests_requester_idx').on(t.requesterId),
    index('requests_requester_company_idx').on(t.requesterCompanyId),
  ],
);

export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    /** Sanitized HTML in each language (null: not written). */
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    companyId: owningCompany(),
    actedByUserId: actedBy(),
    status: text('status').notNull().default('open'), // open | closed
    approvalStatus: text('approval_status').notNull().default('draft'), // draft | pending | approved | rejected
    /** Why an admin rejected the tender (shown to its owner while it is rejected). */
    rejectionReason: text('rejection_reason'),
    isPublished: boolean('is_published').notNull().default(false),
    bond: numeric('bond', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    participationFee: numeric('participation_fee', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('QAR'),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    startDate: ts('start_date'),
    endDate: ts('end_date'),
    publishDate: ts('publish_date'),
    deadline: ts('deadline'),
    /** Questions are taken until then; null = the default, CLARIFICATION_LEAD before the deadline (lifecycle.ts). */
    clarificationCutoff: ts('clarification_cutoff'),
    /** How it ended: awarded | no_award | cancelled; null while it runs (the state is derived, lifecycle.ts). */
    outcome: text('outcome'),
    outcomeAt: ts('outcome_at'),
    /** The cancellation / no-award reason (public) or the award note (owner, winner). */
    outcomeNote: text('outcome_note'),
    awardedProposalId: integer('awarded_proposal_id'),
    amendmentCount: integer('amendment_count').notNull().default(0),
    /** How proposals are judged (shared/src/contracts/evaluation.ts): lowest_price | weighted. */
    evaluationMethod: text('evaluation_method').$type<EvaluationMethod>().notNull().default('lowest_price'),
    /** 1: the proposal opens whole; 2: its financial part stays sealed until the technical stage is locked. */
    envelopes: integer('envelopes').$type<Envelopes>().notNull().default(1),
    /** The technical criteria, in their published order (empty for lowest price). */
    evaluationCriteria: jsonb('evaluation_criteria').$type<Criterion[]>().notNull().default(sql`'[]'::jsonb`),
    /** Weighted only (null otherwise): the technical share of the final score; the financial share is the rest. */
    technicalWeight: integer('technical_weight'),
    financialWeight: integer('financial_weight'),
    /** Weighted only: the technical score (0–100) a proposal needs for its financial part to be opened. */
    passMark: integer('pass_mark'),
    /**
     * When the technical stage was locked (and by whom): in a two-envelope tender the financial parts of the
     * proposals that passed open then, never before (docs/decisions/0012-evaluation.md).
     */
    technicalLockedAt: ts('technical_locked_at'),
    technicalLockedBy: integer('technical_locked_by').references((): AnyPgColumn => users.id),
    /** The method announces that a best-and-final-offer round may be held (docs/decisions/0015-best-and-final-offer.md). */
    bafoAllowed: boolean('bafo_allowed').notNull().default(false),
    /** The round, once started (never twice): when its offers close, what the buyer asked, who started it and when. */
    bafoDeadline: ts('bafo_deadline'),
    bafoNote: text('bafo_note'),
    bafoStartedAt: ts('bafo_started_at'),
    bafoStartedBy: integer('bafo_started_by').references((): AnyPgColumn => users.id),
    /** Qatar working days between an award decision and the award becoming final (0: final at once). */
    standstillDays: integer('standstill_days').notNull().default(5),
    /** Credential kinds (CREDENTIAL_KINDS) a bidder's company must hold, verified and unexpired, to submit. */
    requiredCredentials: text('required_credentials').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Set by an award decision that is not final yet (state `standstill`; the awarded proposal is
     * `awarded_proposal_id`): when its standstill ends. Cleared when the award becomes final or is withdrawn.
     */
    standstillEndsAt: ts('standstill_ends_at'),
    /** The member whose award, no-award or cancellation request waits for an approver (four eyes); null: none. */
    decisionRequestedBy: integer('decision_requested_by').references((): AnyPgColumn => users.id),
    /** Objections to the award not answered yet (kept with the objections, under the tender's row lock). */
    openObjections: integer('open_objections').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tenders_owner_idx').on(t.ownerId),
    index('tenders_company_idx').on(t.companyId, t.id),
    index('tenders_published_idx').on(t.isPublished, t.id),
    index('tenders_outcome_idx').on(t.outcome),
    // When a cached list of open or opened tenders goes stale (src/modules/tenders/list.ts).
    index('tenders_deadline_idx').on(t.deadline),
    // The list's service and category filters (`service_ids @> '[id]'`); the keyword's trigram indexes are in
    // drizzle/0007 (pg_trgm is optional).
    index('tenders_service_ids_idx').using('gin', t.serviceIds.op('jsonb_path_ops')),
    eitherWritten('tenders', 'title', t.titleEn, t.titleAr),
    check(
      'tenders_evaluation_known',
      sql`${t.evaluationMethod} in ('lowest_price', 'weighted') and ${t.envelopes} in (1, 2)`,
    ),
    check('tenders_standstill_days_range', sql`${t.standstillDays} between 0 and 30`),
    check(
      'tenders_bafo_started_whole',
      sql`(${t.bafoStartedAt} is null) = (${t.bafoDeadline} is null) and (${t.bafoStartedAt} is null or ${t.bafoAllowed})`,
    ),
    // The standstill job's sweep: the award decisions not final yet.
    index('tenders_standstill_idx').on(t.standstillEndsAt).where(sql`standstill_ends_at is not null`),
  ],
);

/**
 * Four eyes: a member's request for an award, no award or cancellation, and an approver's answer. One pending per
 * tender (its requester is also `tenders.decision_requested_by`, which the rulebook reads).
 */
export const tenderDecisionRequests = pgTable(
  'tender_decision_requests',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    /** award | no_award | cancel */
    action: text('action').notNull(),
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    /** The award note, or the no-award / cancellation reason. */
    note: text('note'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    companyId: owningCompany(),
    requestedAt: createdAt(),
    /** pending | approved | refused */
    status: text('status').notNull().default('pending'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: ts('answered_at'),
    refusalReason: text('refusal_reason'),
  },
  (t) => [
    uniqueIndex('tender_decision_requests_pending_uq').on(t.tenderId).where(sql`status = 'pending'`),
    index('tender_decision_requests_tender_idx').on(t.tenderId, t.id),
  ],
);

/** A bidder's objection to an award during its standstill, and the buyer side's answer. One per proposal. */
export const tenderObjections = pgTable(
  'tender_objections',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    filedBy: integer('filed_by')
      .notNull()
      .references(() => users.id),
    companyId: owningCompany(),
    grounds: jsonb('grounds').$type<string[]>().notNull(),
    statement: text('statement').notNull(),
    remedy: text('remedy').notNull(),
    /** Uploads of purpose `objection-document`. */
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    filedAt: createdAt(),
    /** open | dismissed | upheld | void (the tender was cancelled before an answer) */
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredCompanyId: owningCompany('answered_company_id'),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    uniqueIndex('tender_objections_proposal_uq').on(t.proposalId),
    index('tender_objections_tender_idx').on(t.tenderId, t.id),
    index('tender_objections_open_idx').on(t.filedAt).where(sql`status = 'open'`),
  ],
);

/**
 * The evaluation panel of a tender (docs/decisions/0014-evaluation-panel.md): the members of its company appointed to
 * judge its proposals, one of them the chair. A member who declines the conflict-of-interest declaration keeps their
 * row (status `declined`, off the panel); until they sign, an evaluator reads none of the tender's proposals
 * (api/src/lib/panel-block.ts).
 */
export const tenderEvaluators = pgTable(
  'tender_evaluators',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    isChair: boolean('is_chair').notNull().default(false),
    /** pending | signed | declined */
    declaration: text('declaration').notNull().default('pending'),
    declineReason: text('decline_reason'),
    declaredAt: ts('declared_at'),
    /** When they submitted their scores (null: not yet, or reopened by the chair's revisit). */
    submittedAt: ts('submitted_at'),
    appointedBy: integer('appointed_by').references(() => users.id),
    appointedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tender_evaluators_uq').on(t.tenderId, t.userId),
    // One chair per tender.
    uniqueIndex('tender_evaluators_chair_uq').on(t.tenderId).where(sql`is_chair`),
    index('tender_evaluators_user_idx').on(t.userId),
    check('tender_evaluators_declaration_known', sql`${t.declaration} in ('pending', 'signed', 'declined')`),
  ],
);

/** An evaluator's score of one proposal on one criterion (its position), with their reasons. */
export const tenderScores = pgTable(
  'tender_scores',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    evaluatorId: integer('evaluator_id')
      .notNull()
      .references(() => users.id),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    criterion: integer('criterion').notNull(),
    score: integer('score').notNull(),
    comment: text('comment').notNull(),
    /** The chair asked to look at it again (cleared when the evaluator submits again). */
    revisitReason: text('revisit_reason'),
    revisitAt: ts('revisit_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tender_scores_uq').on(t.tenderId, t.evaluatorId, t.proposalId, t.criterion),
    check('tender_scores_score_range', sql`${t.score} between 0 and 10`),
  ],
);

/** The audit trail: every transition and owner decision on a tender, who made it and when (never updated). */
export const tenderEvents = pgTable(
  'tender_events',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    /** null = the system (nobody acted: e.g. bids opening at the deadline, recorded by tenders/lifecycle.ts). */
    actorId: integer('actor_id').references(() => users.id),
    /** The company the actor acted for (their session's active company); null for a person acting as themselves,
     * a platform administrator and the system. */
    companyId: owningCompany(),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('tender_events_tender_idx').on(t.tenderId, t.id),
    /** A tender's bids open once: however many processes record it at the same time, one row stays. */
    uniqueIndex('tender_events_bids_opened_uq').on(t.tenderId).where(sql`action = 'bids_opened'`),
  ],
);

/** Clarifications: a bidder's question and the owner's answer, published without the asker's identity. */
export const clarifications = pgTable(
  'clarifications',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    askerId: integer('asker_id')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('clarifications_tender_idx').on(t.tenderId, t.id)],
);

export type AmendmentChange = {
  field: string;
  before: string | number | null;
  after: string | number | null;
};

/** Numbered amendments of a published tender: what changed (before/after) and why. */
export const tenderAmendments = pgTable(
  'tender_amendments',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Why, as the owner wrote it for bidders, in each language (null: not written; at least one). */
    reasonEn: text('reason_en'),
    reasonAr: text('reason_ar'),
    changes: jsonb('changes').$type<AmendmentChange[]>().notNull(),
    /** The deadline was moved later than asked, so bidders keep the minimum time to react. */
    deadlinePushed: boolean('deadline_pushed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tender_amendments_uq').on(t.tenderId, t.number),
    eitherWritten('tender_amendments', 'reason', t.reasonEn, t.reasonAr),
  ],
);

export const interests = pgTable(
  'interests',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: owningCompany(),
    actedByUserId: actedBy(),
    status: text('status').notNull().default('pending'), // pending | approved | rejected
    /** Why the tender's owner rejected it (shown to the bidder). */
    reason: text('reason'),
    /** Approved by an invitation of the tender's owner (a closed tender) rather than asked for. */
    invited: boolean('invited').notNull().default(false),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    /** One interest per company and tender, and one personal interest per person and tender. */
    uniqueIndex('interests_tender_company_uq').on(t.tenderId, t.companyId).where(sql`company_id is not null`),
    uniqueIndex('interests_tender_person_uq').on(t.tenderId, t.userId).where(sql`company_id is null`),
    index('interests_company_idx').on(t.companyId),
  ],
);

export type Milestone = {
  title: string;
  description: string;
  amount: number;
  period: number;
  documents: string[];
  start_date: string;
  end_date: string;
  expected_completion_date: string;
};
export type BreakdownItem = { name: string; description: string; quantity: number; unitPrice: number };

/**
 * A tender owner's invitation of a directory company to one of their tenders. `sentAt` is set when the company's
 * owner was told (at once for a public tender, at approval for a draft); `openedAt` the first time they opened the
 * tender after that.
 */
export const tenderInvitations = pgTable(
  'tender_invitations',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    /** The inviting company (companyId is the company invited). */
    inviterCompanyId: owningCompany('inviter_company_id'),
    actedByUserId: actedBy(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    openedAt: ts('opened_at'),
  },
  (t) => [
    uniqueIndex('tender_invitations_tender_company_uq').on(t.tenderId, t.companyId),
    index('tender_invitations_company_idx').on(t.companyId),
  ],
);

/**
 * A service or a whole category (exactly one of the two) followed by a company (`company_id`, made by the member
 * `user_id`) or by a person for themselves (`company_id` null): new tenders in it reach them. Once per company, or
 * once per person for their personal follows.
 */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: owningCompany(),
    actedByUserId: actedBy(),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_person_service_uq')
      .on(t.userId, t.serviceId)
      .where(sql`${t.serviceId} is not null and ${t.companyId} is null`),
    uniqueIndex('follows_person_category_uq')
      .on(t.userId, t.categoryId)
      .where(sql`${t.categoryId} is not null and ${t.companyId} is null`),
    uniqueIndex('follows_company_service_uq')
      .on(t.companyId, t.serviceId)
      .where(sql`${t.serviceId} is not null and ${t.companyId} is not null`),
    uniqueIndex('follows_company_category_uq')
      .on(t.companyId, t.categoryId)
      .where(sql`${t.categoryId} is not null and ${t.companyId} is not null`),
    index('follows_service_idx').on(t.serviceId),
    index('follows_category_idx').on(t.categoryId),
    index('follows_company_idx').on(t.companyId),
    check('follows_one_target', sql`(${t.serviceId} is null) <> (${t.categoryId} is null)`),
  ],
);

export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id),
    companyId: owningCompany(),
    actedByUserId: actedBy(),
    status: text('status').notNull().default('submitted'), // submitted | resubmitted
    paymentStatus: text('payment_status').notNull().default('not_required'), // not_required | unpaid | paid | failed
    amountDue: numeric('amount_due', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    currentVersion: integer('current_version').notNull().default(1),
    /** The owner's evaluation after bid opening: shortlisted | not_responsive (null = not evaluated). */
    evaluation: text('evaluation'),
    evaluationReason: text('evaluation_reason'),
    /**
     * Set when the technical stage is locked: true when the proposal passed (its financial part opens), false when
     * it did not (under the pass mark or not responsive: its financial part is never opened); null before.
     */
    technicalPassed: boolean('technical_passed'),
    /** Invited to the tender's best-and-final-offer round; its offer (sealed until the round's deadline), when sent and by whom. */
    bafoInvited: boolean('bafo_invited').notNull().default(false),
    bafoPrice: numeric('bafo_price', { precision: 14, scale: 2, mode: 'number' }),
    bafoSubmittedAt: ts('bafo_submitted_at'),
    bafoActedBy: integer('bafo_acted_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    /** One proposal per company and tender, and one personal proposal per person and tender. */
    uniqueIndex('proposals_tender_company_uq').on(t.tenderId, t.companyId).where(sql`company_id is not null`),
    uniqueIndex('proposals_tender_person_uq').on(t.tenderId, t.bidderId).where(sql`company_id is null`),
    index('proposals_company_idx').on(t.companyId),
  ],
);

export const proposalVersions = pgTable(
  'proposal_versions',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The member (or the person) who sent this version: a colleague's resubmission names the colleague. */
    actedByUserId: actedBy(),
    attachment: text('attachment').notNull(),
    offerPrice: numeric('offer_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    period: integer('period').notNull(),
    currency: text('currency').notNull(),
    paymentTerms: text('payment_terms').notNull(),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull(),
    breakdown: jsonb('breakdown').$type<BreakdownItem[]>().notNull(),
    /** Uploads of purpose `price-document`: the financial part's documents. */
    priceDocuments: jsonb('price_documents').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    submittedAt: createdAt(),
  },
  (t) => [uniqueIndex('proposal_versions_uq').on(t.proposalId, t.version)],
);

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  provider: text('provider').notNull(),
  proposalId: integer('proposal_id')
    .notNull()
    .references(() => proposals.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  companyId: owningCompany(),
  actedByUserId: actedBy(),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('QAR'),
  status: text('status').notNull().default('pending'), // pending | paid | failed
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
});

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    contentAr: text('content_ar').notNull().default(''),
    tenderId: integer('tender_id').references(() => tenders.id, { onDelete: 'set null' }),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * Mails of marketplace events, written in the transaction of the event (so a committed event always has its
 * mails, a rolled-back one none) and sent afterwards by the mail worker (lib/mail-outbox.ts): claimed with a
 * lease, retried with back-off, marked sent. The row id is the mail's identity (Message-ID, dev outbox file name),
 * so a mail sent again after a crash is the same mail, not a second one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The recipient's account; null for a mail to an address without one (a company invitation). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    link: text('link'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker's lease: another worker (or process) takes the row only once it has expired. */
    lockedUntil: ts('locked_until'),
    sentAt: ts('sent_at'),
    /** Given up after MAX_ATTEMPTS. */
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`)],
);

export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    active: boolean('active').notNull().default(true),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [eitherWritten('ads', 'title', t.titleEn, t.titleAr)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Rate-limit counters shared by every API process on this database (src/lib/rate-limit.ts): one row per counted
 * key (route + IP, or a sign-in account), counted in one atomic upsert; expired rows are deleted periodically.
 * UNLOGGED (migration 0009): no WAL for a counter — lost in a crash, which resets the counts, as a restart did.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/**
 * Idempotency keys of the creating writes (src/lib/idempotency.ts): one row per user, route and key, written in the
 * same transaction as the write it answers, with the answer it gave (`status`, `response`: the `{ data }` body), so
 * a retry with the key gets that answer again instead of a second write. `status` and `response` are null only
 * inside the transaction that claims the key (never once it committed). Kept 24 hours, then swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD /api/v1/route/:pattern` */
    route: text('route').notNull(),
    /** sha256 of the request's path parameters and body (canonical JSON). */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_uq').on(t.userId, t.route, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The admin audit log (modules/audit): one row per action a platform admin took, written in the action's own
 * transaction. Who acted and what the target was called are copied as they were, so the row reads the same after
 * a rename or a deletion; `details` holds a few facts of the action (the fields a save changed, a merge's survivor).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** What was done: one of ADMIN_ACTIONS (shared/src/contracts/audit.ts), e.g. `company.approve`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** The target's id (null: the site's one record, e.g. the settings). */
    targetId: integer('target_id'),
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_actor_idx').on(t.actorId, t.createdAt),
    index('admin_actions_target_idx').on(t.targetType, t.targetId),
  ],
);

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A contract made from a tender's final award (modules/contracts; the rulebook: shared/src/rules/contract-rules.ts):
 * one per tender, between the tender's buyer side (its company, or its owner for a personal tender) and the winning
 * proposal's supplier side (its company, or its bidder). Each side's acceptance names the member and the time.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    /** The tender's number with "-C" (BWB-2026-0005-C). */
    number: text('number').notNull().unique(),
    tenderId: integer('tender_id')
      .notNull()
      .unique()
      .references(() => tenders.id),
    proposalId: integer('proposal_id')
      .notNull()
      .unique()
      .references(() => proposals.id),
    buyerCompanyId: owningCompany('buyer_company_id'),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id),
    supplierCompanyId: owningCompany('supplier_company_id'),
    supplierUserId: integer('supplier_user_id')
      .notNull()
      .references(() => users.id),
    /** The awarded offer (the best-and-final price where there was one); after an amount variation, the milestones' sum. */
    value: money('value').notNull(),
    currency: text('currency').notNull().default('QAR'),
    /** pending | active | completed | terminated (CONTRACT_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The agreed scope once a variation changed it (null: the tender's description and the winning proposal). */
    scope: text('scope'),
    buyerAcceptedAt: ts('buyer_accepted_at'),
    buyerAcceptedBy: integer('buyer_accepted_by').references((): AnyPgColumn => users.id),
    supplierAcceptedAt: ts('supplier_accepted_at'),
    supplierAcceptedBy: integer('supplier_accepted_by').references((): AnyPgColumn => users.id),
    completedAt: ts('completed_at'),
    terminatedAt: ts('terminated_at'),
    terminatedBy: integer('terminated_by').references((): AnyPgColumn => users.id),
    terminationReason: text('termination_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contracts_buyer_company_idx').on(t.buyerCompanyId),
    index('contracts_supplier_company_idx').on(t.supplierCompanyId),
    index('contracts_buyer_user_idx').on(t.buyerUserId),
    index('contracts_supplier_user_idx').on(t.supplierUserId),
    check('contracts_status_known', sql`${t.status} in ('pending', 'active', 'completed', 'terminated')`),
    check(
      'contracts_accepted_whole',
      sql`(${t.buyerAcceptedAt} is null) = (${t.buyerAcceptedBy} is null) and (${t.supplierAcceptedAt} is null) = (${t.supplierAcceptedBy} is null)`,
    ),
    check(
      'contracts_active_accepted',
      sql`${t.status} = 'pending' or ${t.status} = 'terminated' or (${t.buyerAcceptedAt} is not null and ${t.supplierAcceptedAt} is not null)`,
    ),
    check(
      'contracts_terminated_reason',
      sql`(${t.status} = 'terminated') = (${t.terminationReason} is not null)`,
    ),
    // A contract's (id, status) is unique so that a record which may exist only in some of its states can refer to both.
    unique('contracts_id_status_uq').on(t.id, t.status),
  ],
);

/** A contract's milestone, copied from the winning proposal (title, due date, amount); its state and its review. */
export const contractMilestones = pgTable(
  'contract_milestones',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: day('due_date').notNull(),
    amount: money('amount').notNull(),
    /** pending | submitted | changesRequested | accepted (MILESTONE_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The buyer's reason for its latest request for changes. */
    changesReason: text('changes_reason'),
    acceptedAt: ts('accepted_at'),
    acceptedBy: integer('accepted_by').references((): AnyPgColumn => users.id),
    acceptedCompanyId: owningCompany('accepted_company_id'),
    /** When it was paid (its payment: contract_payments). */
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('contract_milestones_position_uq').on(t.contractId, t.position),
    check(
      'contract_milestones_status_known',
      sql`${t.status} in ('pending', 'submitted', 'changesRequested', 'accepted')`,
    ),
    check('contract_milestones_amount_positive', sql`${t.amount} > 0`),
    check('contract_milestones_paid_accepted', sql`${t.paidAt} is null or ${t.status} = 'accepted'`),
  ],
);

/** Each submission of a milestone's deliverables by the supplier side (a note and uploads of purpose `contract-deliverable`). */
export const contractSubmissions = pgTable(
  'contract_submissions',
  {
    id: serial('id').primaryKey(),
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => contractMilestones.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    companyId: owningCompany(),
    actedByUserId: actedBy(),
    createdAt: createdAt(),
  },
  (t) => [index('contract_submissions_milestone_idx').on(t.milestoneId, t.id)],
);

/** A milestone's payment, recorded through the payment provider: one per milestone (paid once). */
export const contractPayments = pgTable('contract_payments', {
  id: serial('id').primaryKey(),
  contractId: integer('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  milestoneId: integer('milestone_id')
    .notNull()
    .unique()
    .references(() => contractMilestones.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  reference: text('reference').notNull().unique(),
  companyId: owningCompany(),
  actedByUserId: actedBy(),
  createdAt: createdAt(),
});

/**
 * A proposed change to a contract (a milestone's due date and/or amount, or the scope), with its reason. It changes
 * nothing until the other side accepts it, which applies it under the contract's row lock.
 */
export const contractVariations = pgTable(
  'contract_variations',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id').references(() => contractMilestones.id, { onDelete: 'cascade' }),
    dueDate: day('due_date'),
    amount: money('amount'),
    scope: text('scope'),
    reason: text('reason').notNull(),
    /** proposed | accepted | rejected | withdrawn | lapsed (VARIATION_STATUSES). */
    status: text('status').notNull().default('proposed'),
    /** buyer | supplier: the side that proposed it (the other one answers). */
    proposedSide: text('proposed_side').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedCompanyId: owningCompany('proposed_company_id'),
    /** What the change replaces, copied when it is applied. */
    previousDueDate: day('previous_due_date'),
    previousAmount: money('previous_amount'),
    decidedBy: integer('decided_by').references((): AnyPgColumn => users.id),
    decidedCompanyId: owningCompany('decided_company_id'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_variations_contract_idx').on(t.contractId, t.id),
    check(
      'contract_variations_status_known',
      sql`${t.status} in ('proposed', 'accepted', 'rejected', 'withdrawn', 'lapsed')`,
    ),
    check('contract_variations_side_known', sql`${t.proposedSide} in ('buyer', 'supplier')`),
    check(
      'contract_variations_changes_something',
      sql`${t.scope} is not null or (${t.milestoneId} is not null and (${t.dueDate} is not null or ${t.amount} is not null))`,
    ),
  ],
);

/** A contract's history: every action, by whom (null: the system) for which company, in its own transaction. */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id),
    companyId: owningCompany(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('contract_events_contract_idx').on(t.contractId, t.id)],
);

/**
 * A company's credential (modules/credentials): uploaded by an administrator of the company with its dates and
 * document, verified or rejected by a platform admin, expired by the hourly sweep once `expires_at` has passed (the
 * public badges also read `expires_at > now()`, so they never depend on the sweep). `expires_at` is the end of the
 * expiry day in Qatar (the start of the next day, UTC+3): the credential is valid through its expiry date.
 */
export const companyCredentials = pgTable(
  'company_credentials',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    issuer: text('issuer').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    status: text('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('company_credentials_company_idx').on(t.companyId, t.status, t.expiresAt),
    // The verification queue and the sweep's verified credentials near or past their expiry.
    index('company_credentials_status_idx').on(t.status, t.expiresAt),
    check(
      'company_credentials_kind_known',
      sql`${t.kind} in ('commercial_registration','tax_card','iso_certificate','classification_certificate','other')`,
    ),
    check(
      'company_credentials_status_known',
      sql`${t.status} in ('pending','verified','rejected','expired')`,
    ),
    check('company_credentials_dates', sql`${t.expiresOn} > ${t.issuedOn}`),
  ],
);

/**
 * The expiry notices sent for a credential, one row per (credential, days before expiry: 60, 30, 7; 0 = expired):
 * the sweep claims a notice by inserting its row in the transaction that writes the notifications, so whichever
 * process inserts it sends it and every other finds it taken — each notice once, across processes and restarts.
 */
export const credentialNotices = pgTable(
  'credential_notices',
  {
    credentialId: integer('credential_id')
      .notNull()
      .references(() => companyCredentials.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.days] })],
);

/**
 * A side's rating of the other side of a contract (modules/ratings; the rulebook: shared/src/rules/rating-rules.ts),
 * one per contract and rater side. Only for a completed or terminated contract, and the database says so itself:
 * `contract_status` must be one of those and, by the composite foreign key, equal to the contract's status — so an
 * INSERT for an open contract fails whoever writes it, and a rated contract's status can no longer change.
 */
export const contractRatings = pgTable(
  'contract_ratings',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull(),
    /** The contract's status when rated (completed | terminated), held equal to it by the foreign key. */
    contractStatus: text('contract_status').notNull(),
    /** buyer | supplier: the side that rates (the other side is rated). */
    raterSide: text('rater_side').notNull(),
    raterUserId: integer('rater_user_id')
      .notNull()
      .references(() => users.id),
    raterCompanyId: owningCompany('rater_company_id'),
    quality: smallint('quality').notNull(),
    timeliness: smallint('timeliness').notNull(),
    communication: smallint('communication').notNull(),
    /** The buyer's payment on time: given by the supplier side only. */
    paymentOnTime: smallint('payment_on_time'),
    comment: text('comment').notNull().default(''),
    /** The rated side's one reply. */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    repliedBy: integer('replied_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_ratings_side_uq').on(t.contractId, t.raterSide),
    foreignKey({
      name: 'contract_ratings_closed_contract_fk',
      columns: [t.contractId, t.contractStatus],
      foreignColumns: [contracts.id, contracts.status],
    }).onDelete('cascade'),
    check('contract_ratings_contract_closed', sql`${t.contractStatus} in ('completed', 'terminated')`),
    check('contract_ratings_side_known', sql`${t.raterSide} in ('buyer', 'supplier')`),
    check(
      'contract_ratings_scores',
      sql`${t.quality} between 1 and 5 and ${t.timeliness} between 1 and 5 and ${t.communication} between 1 and 5 and (${t.paymentOnTime} is null or ${t.paymentOnTime} between 1 and 5)`,
    ),
    check(
      'contract_ratings_payment_by_supplier',
      sql`(${t.raterSide} = 'supplier') = (${t.paymentOnTime} is not null)`,
    ),
    check('contract_ratings_reply_whole', sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
  ],
);

/**
 * Open data (docs/decisions/0017-open-data.md): the OCDS releases published of public tenders, append-only and
 * never changed once written. `seq` is the change feed's cursor: one publisher at a time appends (an advisory
 * lock), so `seq` order is commit order and a reader resuming after a `seq` misses nothing.
 */
export const ocdsReleases = pgTable(
  'ocds_releases',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    ocid: text('ocid').notNull(),
    releaseId: text('release_id').notNull().unique(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    publishedAt: ts('published_at').notNull().defaultNow(),
    tags: text('tags').array().notNull(),
    release: jsonb('release').$type<Record<string, unknown>>().notNull(),
    /** A hash of the release without its id and date: a snapshot equal to the last one is not appended. */
    digest: text('digest').notNull(),
  },
  (t) => [
    index('ocds_releases_tender_idx').on(t.tenderId, t.seq),
    index('ocds_releases_published_idx').on(t.publishedAt, t.seq),
  ],
);

/** Tenders whose public snapshot may have changed, waiting for the open-data publisher (an outbox). */
export const ocdsPending = pgTable('ocds_pending', {
  tenderId: integer('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  queuedAt: ts('queued_at').notNull().defaultNow(),
});

/**
 * A company's webhook subscriptions (modules/webhooks, docs/api/webhooks.md): an address, the event types it gets,
 * and its signing secret (`whsec_…`, shown to the company only when made). After a rotation the previous secret
 * also signs until `previous_secret_until`, so a receiver can switch over without dropping a delivery.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_subscriptions_company_idx').on(t.companyId, t.id)],
);

/**
 * The webhook outbox: one row per event and subscription, written in the transaction of the change it announces,
 * its body frozen then (`payload`, the exact JSON sent). The worker claims due rows with a lease (`locked_until`)
 * under FOR UPDATE SKIP LOCKED; every attempt of a row sends the same `event_id` as `webhook-id`.
 * status: pending | delivered | retrying | given_up.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'retrying')`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);
