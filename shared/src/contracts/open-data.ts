import * as v from 'valibot';

/**
 * Open data: the Open Contracting Data Standard (OCDS 1.1) packages the API publishes of public tenders
 * (docs/decisions/0017-open-data.md), as valibot schemas of the fields it fills — the core release fields and those
 * of the extensions it declares (enquiry, bid, participationFee). They document the answers (OpenAPI) and the API
 * tests check every answer against them; they are a subset written here, not the standard: what the published data
 * is validated against is the official release, record and package schemas and the extensions' schemas, outside
 * this repository. Free texts carry their Arabic as `<field>_ar` beside the English field (OCDS language variants).
 */

/** The OCDS version, and the extensions declared by every package (extension.json at a pinned release). */
export const OCDS_VERSION = '1.1' as const;
export const OCDS_EXTENSIONS = [
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_enquiry_extension/v1.1.5/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/v1.1.5/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_participationFee_extension/v1.1.5/extension.json',
] as const;

/** The release tag codelist (tags a release carries; `compiled` only on a record's compiled release). */
export const RELEASE_TAGS = [
  'planning',
  'tender',
  'tenderAmendment',
  'tenderUpdate',
  'tenderCancellation',
  'award',
  'awardUpdate',
  'awardCancellation',
  'contract',
  'contractUpdate',
  'contractAmendment',
  'implementation',
  'implementationUpdate',
  'contractTermination',
  'compiled',
] as const;
export type ReleaseTag = (typeof RELEASE_TAGS)[number];

const Text = v.string();
const Opt = <T extends v.GenericSchema>(s: T) => v.optional(s);
/** A text in English (`<name>`) and in Arabic (`<name>_ar`), each present where written. */
const bilingual = <N extends string>(name: N) =>
  ({ [name]: Opt(Text), [`${name}_ar`]: Opt(Text) }) as {
    [K in N | `${N}_ar`]: v.OptionalSchema<typeof Text, undefined>;
  };

const Value = v.object({ amount: v.number(), currency: v.picklist(['QAR', 'USD', 'EUR']) });
const Period = v.object({ startDate: Opt(Text), endDate: Opt(Text) });
const OrganizationReference = v.object({ id: Text, ...bilingual('name') });

const Party = v.object({
  id: Text,
  ...bilingual('name'),
  roles: v.array(v.picklist(['buyer', 'procuringEntity', 'supplier', 'tenderer', 'payer', 'payee'])),
});

const Document = v.object({
  id: Text,
  documentType: Opt(Text),
  title: Opt(Text),
  url: Opt(Text),
  datePublished: Opt(Text),
  format: Opt(Text),
  language: Opt(Text),
});

const Amendment = v.object({
  id: Text,
  date: Opt(Text),
  ...bilingual('rationale'),
  ...bilingual('description'),
});

const Milestone = v.object({
  id: Text,
  title: Opt(Text),
  type: Opt(Text),
  dueDate: Opt(Text),
  dateMet: Opt(Text),
  status: Opt(v.picklist(['scheduled', 'met', 'notMet', 'partiallyMet'])),
});

const Item = v.object({ id: Text, ...bilingual('description') });

/** The enquiry extension: an answered clarification (the asker is never named), each text in its language's field. */
const Enquiry = v.object({
  id: Text,
  date: Opt(Text),
  ...bilingual('description'),
  ...bilingual('answer'),
  dateAnswered: Opt(Text),
});

/** The participationFee extension. */
const ParticipationFee = v.object({
  id: Text,
  type: v.array(v.picklist(['document', 'deposit', 'submission', 'win'])),
  value: Value,
  description: Opt(Text),
});

const OcdsTender = v.object({
  id: Text,
  ...bilingual('title'),
  ...bilingual('description'),
  status: v.picklist(['planning', 'planned', 'active', 'cancelled', 'unsuccessful', 'complete', 'withdrawn']),
  items: Opt(v.array(Item)),
  value: Opt(Value),
  procurementMethod: v.picklist(['open', 'selective', 'limited', 'direct']),
  procurementMethodDetails: Opt(Text),
  awardCriteria: Opt(Text),
  awardCriteriaDetails: Opt(Text),
  submissionMethod: Opt(v.array(Text)),
  tenderPeriod: Opt(Period),
  enquiryPeriod: Opt(Period),
  contractPeriod: Opt(Period),
  hasEnquiries: Opt(v.boolean()),
  numberOfTenderers: Opt(v.number()),
  documents: Opt(v.array(Document)),
  amendments: Opt(v.array(Amendment)),
  enquiries: Opt(v.array(Enquiry)),
  participationFees: Opt(v.array(ParticipationFee)),
});

const Award = v.object({
  id: Text,
  ...bilingual('title'),
  status: v.picklist(['pending', 'active', 'cancelled', 'unsuccessful']),
  date: Opt(Text),
  value: Opt(Value),
  suppliers: Opt(v.array(OrganizationReference)),
});

const Transaction = v.object({
  id: Text,
  date: Opt(Text),
  value: Value,
  payer: OrganizationReference,
  payee: OrganizationReference,
});

const Contract = v.object({
  id: Text,
  awardID: Text,
  ...bilingual('title'),
  status: v.picklist(['pending', 'active', 'cancelled', 'terminated']),
  period: Opt(Period),
  value: Opt(Value),
  dateSigned: Opt(Text),
  milestones: Opt(v.array(Milestone)),
  implementation: Opt(v.object({ transactions: Opt(v.array(Transaction)) })),
});

/** The bid extension: how many bids were received (published once bids are opened, never their content). */
const Bids = v.object({
  statistics: v.array(v.object({ id: Text, measure: v.literal('bids'), value: v.number(), date: Opt(Text) })),
});

export const OcdsRelease = v.object({
  ocid: Text,
  id: Text,
  date: Text,
  tag: v.array(v.picklist(RELEASE_TAGS)),
  initiationType: v.literal('tender'),
  language: v.literal('en'),
  parties: Opt(v.array(Party)),
  buyer: Opt(OrganizationReference),
  tender: OcdsTender,
  bids: Opt(Bids),
  awards: Opt(v.array(Award)),
  contracts: Opt(v.array(Contract)),
});
export type OcdsRelease = v.InferOutput<typeof OcdsRelease>;

const Publisher = v.object({ name: Text, scheme: Opt(Text), uid: Opt(Text), uri: Opt(Text) });

/** What a release package and a record package both carry about themselves. */
const packageMeta = {
  uri: Text,
  version: v.literal(OCDS_VERSION),
  extensions: v.array(Text),
  publishedDate: Text,
  publisher: Publisher,
  license: Text,
  publicationPolicy: Text,
  links: Opt(v.object({ next: Opt(Text), prev: Opt(Text) })),
};

export const OcdsReleasePackage = v.object({ ...packageMeta, releases: v.array(OcdsRelease) });
export type OcdsReleasePackage = v.InferOutput<typeof OcdsReleasePackage>;

export const OcdsRecordPackage = v.object({
  ...packageMeta,
  records: v.array(
    v.object({
      ocid: Text,
      releases: v.array(v.object({ url: Text, date: Text, tag: v.array(v.picklist(RELEASE_TAGS)) })),
      compiledRelease: OcdsRelease,
    }),
  ),
});
export type OcdsRecordPackage = v.InferOutput<typeof OcdsRecordPackage>;

/** GET /ocds/bulk: the months with releases, each with its file (a gzipped release package of that month). */
export const OcdsBulkList = v.object({
  months: v.array(v.object({ month: Text, releases: v.number(), url: Text })),
});
export type OcdsBulkList = v.InferOutput<typeof OcdsBulkList>;

/** The change feed's query: releases after the cursor `after` (a release's `seq`), `limit` of them (1–1000). */
export const OcdsFeedQuery = v.object({
  after: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'))]),
      v.transform((x) => Number(x)),
      v.integer('Must be a whole number'),
      v.minValue(0, 'Must be a whole number'),
      v.maxValue(Number.MAX_SAFE_INTEGER, 'Must be a whole number'),
    ),
    0,
  ),
  limit: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'))]),
      v.transform((x) => Number(x)),
      v.integer('Must be a whole number'),
      v.minValue(1, 'Must be at least 1'),
      v.maxValue(1000, 'At most 1000 per page'),
    ),
    100,
  ),
});

export const OcdsMonthParams = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.')),
});
