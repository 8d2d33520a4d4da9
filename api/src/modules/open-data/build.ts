import type { OcdsRelease } from '@bawaba/shared/contracts';
import { textLanguage } from '@bawaba/shared/rules';
import sanitizeHtml from 'sanitize-html';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isPast, isPublic, serializeTenders, type TenderRow } from '../tenders/index.ts';
import { type SnapshotFacts, snapshotFacts } from './queries.ts';
import { ocdsSettings } from './settings.ts';

/**
 * A public tender's current snapshot as an OCDS release (without the `id`, `date` and `tag` the publisher gives it),
 * built from what an anonymous visitor may see: the tender as the tender serializer answers a visitor (no viewer),
 * its answered questions and its amendments (which visitors read), how many bids once they are opened, the award
 * once the visitor's view names its winner, and the contract made of it. Never a proposal's content or price
 * (only the awarded value), evaluators, scores, notes, objections, four-eyes requests, members, emails or phones.
 * A tender a visitor may not open has no snapshot (null).
 */
export type Snapshot = Omit<OcdsRelease, 'id' | 'date' | 'tag'>;

/** The contract states a snapshot cannot tell apart (both OCDS `terminated`): for the tags (tags.ts). */
export type SnapshotBuild = { release: Snapshot; terminatedContracts: string[] };

export const ocidOf = (ctx: Ctx, tenderId: number) => `${ocdsSettings(ctx).ocidPrefix}-${tenderId}`;

/** Rich text (the sanitized HTML of a description) as plain text: no tags, entities decoded, blocks on lines. */
function plainText(html: string | null | undefined): string | undefined {
  if (!html) return undefined;
  const blocks = html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? undefined : text;
}

/** `{ [name]: english, [name_ar]: arabic }`, each only where written. */
function bilingual<N extends string>(name: N, en: string | null | undefined, ar: string | null | undefined) {
  const out: Record<string, string> = {};
  if (en?.trim()) out[name] = en.trim();
  if (ar?.trim()) out[`${name}_ar`] = ar.trim();
  return out as { [K in N | `${N}_ar`]?: string };
}

/**
 * A text kept in one version only (a question and its answer), as the field of the language it is written in: the
 * English field, or its `_ar` variant (by script, as the site decides a single text's language).
 */
function inItsLanguage<N extends string>(name: N, text: string | null | undefined) {
  const t = text?.trim();
  if (!t) return {};
  return (textLanguage(t) === 'ar' ? { [`${name}_ar`]: t } : { [name]: t }) as {
    [K in N | `${N}_ar`]?: string;
  };
}

/** An object without its undefined fields and empty arrays (OCDS: omit rather than empty). */
function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out as T;
}

type Currency = 'QAR' | 'USD' | 'EUR';
const money = (amount: number, currency: string) => ({
  amount: Number(amount),
  currency: currency as Currency,
});
const day = (d: string) => `${d}T00:00:00Z`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** The OCDS tender status of a tender's outcome (none yet: active). */
const STATUS = { awarded: 'complete', no_award: 'unsuccessful', cancelled: 'cancelled' } as const;
const CONTRACT_STATUS = {
  pending: 'pending',
  active: 'active',
  completed: 'terminated',
  terminated: 'terminated',
} as const;

export async function buildSnapshot(ctx: Ctx, db: Db | Tx, t: TenderRow): Promise<SnapshotBuild | null> {
  if (!isPublic(t)) return null;
  const [seen] = await serializeTenders(db, [t], 'en', null, ctx.apiUrl);
  if (!seen) return null;
  const facts = await snapshotFacts(db, t);
  return { release: snapshotOf(ctx, t, seen, facts), terminatedContracts: facts.terminatedContracts };
}

type Seen = Awaited<ReturnType<typeof serializeTenders>>[number];

function snapshotOf(ctx: Ctx, t: TenderRow, seen: Seen, f: SnapshotFacts): Snapshot {
  const ocid = ocidOf(ctx, t.id);
  const buyer = t.companyId !== null ? `company-${t.companyId}` : `person-${t.ownerId}`;
  const bidsOpen = isPast(t);
  // The winner is published when, and as, a visitor's view of the tender names it (tender-serializer.ts).
  const winnerShown = seen.outcome?.winner != null && f.winner !== null;
  const supplier = winnerShown && f.winner ? f.winner : null;
  const supplierRef = supplier
    ? {
        id: supplier.companyId !== null ? `company-${supplier.companyId}` : `person-${supplier.userId}`,
        // A company's names (visitors read them on the tender); a person bidding for themselves is not named.
        ...(supplier.companyId !== null ? bilingual('name', supplier.nameEn, supplier.nameAr) : {}),
      }
    : null;
  const hasPayments = f.contracts.some((c) => c.payments.length > 0);

  const awards = f.awards.map((a, i) => {
    const active = a.status === 'active';
    return compact({
      id: `${ocid}-award-${i + 1}`,
      ...bilingual('title', t.titleEn, t.titleAr),
      status: a.status,
      date: a.date.toISOString(),
      value:
        active && supplier && f.awardedValue
          ? money(f.awardedValue.amount, f.awardedValue.currency)
          : undefined,
      suppliers: active && supplierRef ? [supplierRef] : undefined,
    });
  });
  const activeAwardId = awards.find((a) => a.status === 'active')?.id;

  const contracts = activeAwardId
    ? f.contracts.map((c) => {
        const signed =
          c.buyerAcceptedAt && c.supplierAcceptedAt
            ? new Date(Math.max(c.buyerAcceptedAt.getTime(), c.supplierAcceptedAt.getTime()))
            : null;
        const lastDue = c.milestones
          .map((m) => m.dueDate)
          .sort()
          .at(-1);
        return compact({
          id: c.number,
          awardID: activeAwardId,
          ...bilingual('title', t.titleEn, t.titleAr),
          status: CONTRACT_STATUS[c.status as keyof typeof CONTRACT_STATUS] ?? 'pending',
          period:
            signed || lastDue
              ? compact({ startDate: iso(signed), endDate: lastDue && day(lastDue) })
              : undefined,
          value: money(c.value, c.currency),
          dateSigned: iso(signed),
          milestones: c.milestones.map((m) =>
            compact({
              id: `${c.number}-M${m.position}`,
              title: m.title.trim() || undefined,
              type: 'delivery',
              dueDate: day(m.dueDate),
              status: m.status === 'accepted' ? ('met' as const) : ('scheduled' as const),
              dateMet: iso(m.acceptedAt),
            }),
          ),
          implementation: compact({
            transactions: c.payments.map((p) => ({
              id: `${c.number}-P${p.position}`,
              date: p.paidAt.toISOString(),
              value: money(p.amount, p.currency),
              payer: { id: buyer },
              payee: supplierRef ?? { id: `person-${c.supplierUserId}` },
            })),
          }),
        });
      })
    : [];

  const parties = [
    { id: buyer, roles: ['buyer', 'procuringEntity', ...(hasPayments ? ['payer' as const] : [])] as const },
    ...(supplierRef
      ? [{ ...supplierRef, roles: ['supplier', ...(hasPayments ? ['payee' as const] : [])] as const }]
      : []),
  ].map((p) => ({ ...p, roles: [...p.roles] }));

  const cutoff = seen.clarificationCutoff;
  const tender = compact({
    id: t.number,
    ...bilingual('title', t.titleEn, t.titleAr),
    ...bilingual('description', plainText(t.descriptionEn), plainText(t.descriptionAr)),
    status: t.outcome ? STATUS[t.outcome as keyof typeof STATUS] : ('active' as const),
    items: f.services.map((s) =>
      compact({ id: String(s.id), ...bilingual('description', s.nameEn, s.nameAr) }),
    ),
    value: t.budget !== null && t.budget > 0 ? money(t.budget, t.currency) : undefined,
    procurementMethod: t.status === 'closed' ? ('selective' as const) : ('open' as const),
    procurementMethodDetails:
      t.status === 'closed' ? 'Bidders need an approved expression of interest' : 'Open to every bidder',
    awardCriteria: t.evaluationMethod === 'weighted' ? 'ratedCriteria' : 'priceOnly',
    awardCriteriaDetails:
      t.evaluationMethod === 'weighted'
        ? `Technical ${t.technicalWeight ?? 0}%, financial ${t.financialWeight ?? 0}%${t.passMark != null ? `, technical pass mark ${t.passMark}` : ''}`
        : 'Lowest price',
    submissionMethod: ['electronicSubmission'],
    tenderPeriod: compact({ startDate: iso(t.publishDate), endDate: iso(t.deadline) }),
    enquiryPeriod: cutoff ? compact({ startDate: iso(t.publishDate), endDate: cutoff }) : undefined,
    contractPeriod: compact({ startDate: iso(t.startDate), endDate: iso(t.endDate) }),
    hasEnquiries: f.enquiries.length > 0,
    numberOfTenderers: bidsOpen ? f.tenderers : undefined,
    documents: seen.documents.map((d) =>
      compact({
        id: d.id,
        documentType: 'biddingDocuments',
        title: d.name || undefined,
        url: d.url,
        format: d.mimeType || undefined,
      }),
    ),
    amendments: f.amendments.map((a) =>
      compact({
        id: String(a.number),
        date: a.createdAt.toISOString(),
        ...bilingual('rationale', a.reasonEn, a.reasonAr),
        description: a.fields.length > 0 ? `Changed: ${a.fields.join(', ')}` : undefined,
      }),
    ),
    enquiries: f.enquiries.map((q) =>
      compact({
        id: String(q.id),
        date: q.createdAt.toISOString(),
        ...inItsLanguage('description', q.question),
        ...inItsLanguage('answer', q.answer),
        dateAnswered: iso(q.answeredAt),
      }),
    ),
    participationFees:
      t.participationFee > 0
        ? [
            {
              id: '1',
              type: ['submission' as const],
              value: money(t.participationFee, t.currency),
              description: 'Paid to submit a proposal',
            },
          ]
        : undefined,
  });

  return compact({
    ocid,
    initiationType: 'tender' as const,
    language: 'en' as const,
    parties,
    buyer: { id: buyer },
    tender,
    bids: bidsOpen
      ? { statistics: [{ id: '1', measure: 'bids' as const, value: f.bids, date: iso(t.deadline) }] }
      : undefined,
    awards,
    contracts,
  }) as Snapshot;
}
