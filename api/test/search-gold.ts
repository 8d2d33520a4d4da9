/**
 * The search quality gold set over the demo seed (docs/api/search.md): queries as people type them — spelling
 * variants (hamza and alef forms, ta marbuta, alef maksura, a Persian keyboard's letters, tatweel), with and without
 * the article, with diacritics, numbers in Arabic-Indic and Persian digits, English queries for Arabic content and
 * the reverse — each with the results it must find. The expected results come from the seed's facts (which
 * company offers which service, sits in which location, carries which name; which tender has which number and
 * title), never from the search itself. Run by test/search-quality.test.ts (the test command) and by
 * bench/search-quality.ts (`./bawaba bench`).
 */

import { queryWords } from '@bawaba/shared/search';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { CATEGORIES, LOCATIONS } from '../src/db/seed/data.ts';

export type GoldCase = {
  /** The list searched: the directory's keyword (`name`) or the tender list's (`q`). */
  list: 'companies' | 'tenders';
  query: string;
  /** What a user typing it wants to find (ids), any order. */
  relevant: number[];
  /** The kind of variant, for the report. */
  kind: string;
};

// ---------------------------------------------------------------------------------------------- variants
const ARABIC_LETTER = /[\u0621-\u064a]/;
const article = (s: string) => s.split(' ').map((w) => (w.length > 4 ? w.replace(/^ال/, '') : w));
/** The article taken off every word that has one. */
const withoutArticle = (s: string) => article(s).join(' ');
/** The article added to the first word that lacks one. */
const withArticle = (s: string) =>
  s
    .split(' ')
    .map((w, i) => (i === 0 && !w.startsWith('ال') && ARABIC_LETTER.test(w) ? `ال${w}` : w))
    .join(' ');
/** Harakat over every other letter and a shadda (as a careful writer or a copied Quranic-style text has them). */
const withDiacritics = (s: string) =>
  [...s]
    .map((c, i) => (ARABIC_LETTER.test(c) ? c + (i % 2 ? '\u064e' : i % 3 ? '\u0650' : '\u0651') : c))
    .join('');
/** The other hamza/alef form: hamzated alefs written bare, or a bare initial alef written with a hamza. */
const otherAlef = (s: string) =>
  /[أإآ]/.test(s)
    ? s.replace(/[أإآ]/g, 'ا')
    : s.replace(/(^|\s)(ال)?ا/, (_m, sp: string, al = '') => `${sp}${al}أ`);
/** Ta marbuta written as ha and final ya as alef maksura (the common keyboard shortcuts), or the reverse. */
const otherEndings = (s: string) =>
  /ة/.test(s) ? s.replace(/ة/g, 'ه') : s.replace(/ه(\s|$)/g, 'ة$1').replace(/ي(\s|$)/g, 'ى$1');
/** Typed on a Persian keyboard: yeh and kaf of Persian. */
const persianKeyboard = (s: string) => s.replace(/ي/g, 'ی').replace(/ك/g, 'ک');
/** A tatweel stretching the longest word. */
const stretched = (s: string) => s.replace(/([\u0628-\u064a])([\u0628-\u064a]{3,})/, '$1ـــ$2');
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const persianDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

const ARABIC_VARIANTS: [string, (s: string) => string][] = [
  ['arabic as written', (s) => s],
  ['arabic without the article', withoutArticle],
  ['arabic with the article added', withArticle],
  ['arabic with diacritics', withDiacritics],
  ['arabic, other alef/hamza form', otherAlef],
  ['arabic, ta marbuta/alef maksura swapped', otherEndings],
  ['arabic, persian keyboard', persianKeyboard],
  ['arabic with tatweel', stretched],
];

/**
 * Queries in another form than the catalog's words, with the services (English names) and company-name words whose
 * companies they must find.
 */
const WORD_FORMS: [string, string[], string[]][] = [
  ['web developer', ['Web Development'], []],
  ['developers', ['Web Development', 'Mobile App Development', 'Training & Development'], []],
  ['contractor', ['General Contracting', 'Electrical Contracting'], ['Contracting']],
  ['audit', ['Auditing', 'Energy Audits'], []],
  [
    'designs',
    [
      'Structural Design',
      'MEP Design',
      'Lighting Design',
      'Office Interiors',
      'Furniture Supply',
      'Signage',
      '3D Visualization',
    ],
    [],
  ],
  ['translations', ['Legal Translation'], []],
  ['installations', ['Solar Installation'], []],
  ['guard', ['Security Guards'], []],
  ['laboratory', ['Laboratory Services'], []],
  ['generators', ['Generator Rental'], []],
  ['managing events', ['Event Management'], []],
  ['audits', ['Auditing', 'Energy Audits'], []],
  ['خدمة التنظيف', ['Cleaning Services'], []],
  ['مقاول', ['General Contracting', 'Electrical Contracting'], []],
  ['استشارة ضريبية', ['Tax Advisory'], []],
  ['مختبر', ['Laboratory Services'], []],
  ['تأشيرة', ['Visa Processing'], []],
  ['مولد', ['Generator Rental'], []],
  ['حشرة', ['Pest Control'], []],
  ['الكمية', ['Quantity Surveying'], []],
  [
    'قانوني',
    ['Contract Drafting', 'Corporate Law', 'Legal Translation', 'Intellectual Property', 'Arbitration'],
    [],
  ],
  ['تطبيق الجوال', ['Mobile App Development'], []],
  ['فعالية', ['Event Management'], []],
  ['معدة طبية', ['Medical Equipment Supply'], []],
  ['نفاية طبية', ['Medical Waste Management'], []],
];

/** Words typed partly (as a user still typing, or the autocomplete asks): prefix matching must help. */
const PARTIAL_WORDS: [string, string[]][] = [
  ['cyber', ['Cybersecurity']],
  [
    'logist',
    ['Freight Forwarding', 'Warehousing', 'Customs Clearance', 'Fleet Rental', 'Last-Mile Delivery'],
  ],
  ['warehous', ['Warehousing']],
  ['arbitr', ['Arbitration']],
  ['landscap', ['Landscaping']],
  ['سيبر', ['Cybersecurity']],
  ['التحكي', ['Arbitration']],
  ['لوجست', ['Freight Forwarding', 'Warehousing', 'Customs Clearance', 'Fleet Rental', 'Last-Mile Delivery']],
];

// ---------------------------------------------------------------------------------------------- the seed's facts
type CompanyFact = {
  id: number;
  name_en: string | null;
  name_ar: string | null;
  location_id: number | null;
  services: number[];
};

async function companyFacts(db: Db): Promise<CompanyFact[]> {
  const r = await db.execute(
    sql`select c.id, c.name_en, c.name_ar, c.location_id, array(select cs.service_id from company_services cs where cs.company_id = c.id) as services from companies c where c.status = 'approved' order by c.id`,
  );
  return (r.rows as CompanyFact[]).map((c) => ({ ...c, services: c.services.map(Number) }));
}

/** The words a reader sees in a name (Arabic letter forms and case set aside, as a reader does). */
const wordsOf = (text: string) => queryWords(text, 50);

async function catalogIds(db: Db) {
  const s = await db.execute(sql`select id, name_en, category_id from services order by id`);
  const l = await db.execute(sql`select id, name_en from locations order by id`);
  const serviceId = new Map((s.rows as { id: number; name_en: string }[]).map((x) => [x.name_en, x.id]));
  const locationId = new Map((l.rows as { id: number; name_en: string }[]).map((x) => [x.name_en, x.id]));
  return { serviceId, locationId };
}

/** A tender a bidder sees in the list, with its number and its titles. */
type TenderFact = { id: number; number: string; title_en: string | null; title_ar: string | null };

/** The tenders the tender list shows a bidder (its default: published). */
async function visibleTenders(db: Db): Promise<TenderFact[]> {
  const r = await db.execute(
    sql`select id, number, title_en, title_ar from tenders where is_published and approval_status = 'approved' and outcome is null and (deadline is null or deadline > now()) order by id`,
  );
  return r.rows as TenderFact[];
}

/**
 * The gold set: companies by a service's or category's name (Arabic variants, English), by a location's name, by
 * their own name; tenders by number (Latin, Arabic-Indic, Persian digits, without the prefix) and by title words.
 */
export async function goldCases(db: Db): Promise<GoldCase[]> {
  const companies = await companyFacts(db);
  const tenders = await visibleTenders(db);
  const { serviceId, locationId } = await catalogIds(db);
  const cases: GoldCase[] = [];
  /** Companies whose name (in either language) has every one of these words. */
  const named = (words: string) =>
    companies
      .filter((c) =>
        [c.name_en, c.name_ar].some((name) => {
          const own = wordsOf(name ?? '');
          return wordsOf(words).every((w) => own.includes(w));
        }),
      )
      .map((c) => c.id);

  // A service: the companies offering it (whatever their name is written in).
  for (const cat of CATEGORIES) {
    for (const [en, ar] of cat.services) {
      const id = serviceId.get(en)!;
      const relevant = companies.filter((c) => c.services.includes(id)).map((c) => c.id);
      if (relevant.length === 0) continue;
      for (const [kind, variant] of ARABIC_VARIANTS) {
        const query = variant(ar);
        if (kind !== 'arabic as written' && query === ar) continue;
        cases.push({ list: 'companies', query, relevant, kind: `service, ${kind}` });
      }
      cases.push({ list: 'companies', query: en.toLowerCase(), relevant, kind: 'service, english' });
    }
    // A category: the companies offering any of its services.
    const ids = cat.services.map(([en]) => serviceId.get(en)!);
    const relevant = companies.filter((c) => c.services.some((s) => ids.includes(s))).map((c) => c.id);
    if (relevant.length) {
      cases.push({ list: 'companies', query: cat.ar, relevant, kind: 'category, arabic' });
      cases.push({
        list: 'companies',
        query: withoutArticle(cat.ar),
        relevant,
        kind: 'category, no article',
      });
    }
  }

  // Another form of a word (plural, singular, another derivation): where stemming, not spelling, must help.
  for (const [query, serviceNames, nameWords] of WORD_FORMS) {
    const ids = serviceNames.map((n) => serviceId.get(n)!);
    const relevant = [
      ...new Set([
        ...companies.filter((c) => c.services.some((s) => ids.includes(s))).map((c) => c.id),
        ...nameWords.flatMap(named),
      ]),
    ];
    if (relevant.length) cases.push({ list: 'companies', query, relevant, kind: 'another form of the word' });
  }
  for (const [query, serviceNames] of PARTIAL_WORDS) {
    const ids = serviceNames.map((n) => serviceId.get(n)!);
    const relevant = companies.filter((c) => c.services.some((s) => ids.includes(s))).map((c) => c.id);
    if (relevant.length) cases.push({ list: 'companies', query, relevant, kind: 'a word typed partly' });
  }

  // A location: the companies there, and those named after it (a user typing "Doha" wants both).
  for (const [en, ar] of LOCATIONS) {
    const id = locationId.get(en)!;
    const there = companies.filter((c) => c.location_id === id).map((c) => c.id);
    if (there.length === 0) continue;
    const relevant = [...new Set([...there, ...named(en)])];
    const relevantAr = [...new Set([...there, ...named(ar)])];
    for (const [kind, query] of [
      ['location, arabic', ar],
      ['location, no article', withoutArticle(ar)],
      ['location, other endings', otherEndings(ar)],
      ['location, other alef form', otherAlef(ar)],
      ['location, with the article prefix ب', `ب${ar.startsWith('ال') ? ar : `ال${ar}`}`],
    ] as const) {
      if (query === ar && kind !== 'location, arabic') continue;
      cases.push({ list: 'companies', query, relevant: relevantAr, kind });
    }
    cases.push({ list: 'companies', query: en, relevant, kind: 'location, english' });
  }

  // A company by its own name, in each language it wrote one: that company (and any other named the same words).
  for (const c of companies) {
    if (c.name_en) {
      cases.push({
        list: 'companies',
        query: c.name_en,
        relevant: named(c.name_en),
        kind: 'company name, english',
      });
      cases.push({
        list: 'companies',
        query: c.name_en.toUpperCase(),
        relevant: named(c.name_en),
        kind: 'company name, capitals',
      });
    }
    if (c.name_ar) {
      const relevant = named(c.name_ar);
      cases.push({ list: 'companies', query: c.name_ar, relevant, kind: 'company name, arabic' });
      const other = otherAlef(c.name_ar);
      if (other !== c.name_ar)
        cases.push({ list: 'companies', query: other, relevant, kind: 'company name, other hamza form' });
      const typed = otherEndings(c.name_ar);
      if (typed !== c.name_ar)
        cases.push({ list: 'companies', query: typed, relevant, kind: 'company name, other endings' });
    }
  }

  // A tender by its number, however its digits are typed.
  for (const t of tenders) {
    const tail = t.number.replace(/^[A-Z]+-/, '');
    for (const [kind, query] of [
      ['tender number', t.number],
      ['tender number, arabic-indic digits', arabicIndic(t.number)],
      ['tender number, persian digits', persianDigits(t.number)],
      ['tender number without prefix, arabic-indic', arabicIndic(tail)],
    ] as const) {
      cases.push({ list: 'tenders', query, relevant: [t.id], kind });
    }
  }
  // A tender by its title in either language: those with that title (a title's lots are one result for a user).
  const byTitle = new Map<string, Set<number>>();
  for (const t of tenders) {
    for (const title of [t.title_en, t.title_ar]) {
      if (!title) continue;
      const base = title.replace(/ \((Lot|الدفعة) \d+\)$/, '');
      byTitle.set(base, (byTitle.get(base) ?? new Set()).add(t.id));
    }
  }
  for (const [title, ids] of byTitle) {
    const relevant = [...ids];
    if (ARABIC_LETTER.test(title)) {
      cases.push({ list: 'tenders', query: title, relevant, kind: 'tender title, arabic' });
      cases.push({
        list: 'tenders',
        query: withDiacritics(title),
        relevant,
        kind: 'tender title, diacritics',
      });
      cases.push({
        list: 'tenders',
        query: otherAlef(title),
        relevant,
        kind: 'tender title, other alef form',
      });
      cases.push({
        list: 'tenders',
        query: otherEndings(title),
        relevant,
        kind: 'tender title, other endings',
      });
    } else {
      cases.push({ list: 'tenders', query: title, relevant, kind: 'tender title, english' });
      cases.push({ list: 'tenders', query: title.toLowerCase(), relevant, kind: 'tender title, lower case' });
    }
  }
  // The Arabic words every tender's description carries, as typed in the issue that asked for this search.
  const all = tenders.map((t) => t.id);
  for (const [kind, query] of [
    ['description, arabic', 'التقييم'],
    ['description, arabic with diacritics', 'التَّقييم'],
    ['description, arabic persian keyboard', 'معاییر'],
    ['description, arabic without the article', 'تقييم'],
    ['description, arabic conjunction and article', 'والتقييم'],
  ] as const) {
    cases.push({ list: 'tenders', query, relevant: all, kind });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------- measuring
export type GoldFigures = {
  queries: number;
  /** Mean over queries of: relevant results in the first 10 / min(10, relevant results). */
  recallAt10: number;
  /** Mean over queries of 1 / the rank of the first relevant result (0 when none in the first 10). */
  mrr: number;
  /** The queries under full recall, worst first (for the failure message and the bench). */
  misses: { query: string; kind: string; recall: number; rank: number | null }[];
  /** The same figures per kind of query. */
  byKind: Record<string, { queries: number; recallAt10: number; mrr: number }>;
};

/** Runs every case through `search` (the ids of the first 10 results, in order) and measures. */
export async function measure(
  cases: GoldCase[],
  search: (list: GoldCase['list'], query: string) => Promise<number[]>,
): Promise<GoldFigures> {
  let recallSum = 0;
  let rrSum = 0;
  const misses: GoldFigures['misses'] = [];
  const byKind: GoldFigures['byKind'] = {};
  for (const c of cases) {
    const top = (await search(c.list, c.query)).slice(0, 10);
    const relevant = new Set(c.relevant);
    const found = top.filter((id) => relevant.has(id)).length;
    const recall = found / Math.min(10, relevant.size);
    const first = top.findIndex((id) => relevant.has(id));
    const rr = first >= 0 ? 1 / (first + 1) : 0;
    recallSum += recall;
    rrSum += rr;
    const kind = byKind[c.kind] ?? { queries: 0, recallAt10: 0, mrr: 0 };
    byKind[c.kind] = kind;
    kind.recallAt10 = (kind.recallAt10 * kind.queries + recall) / (kind.queries + 1);
    kind.mrr = (kind.mrr * kind.queries + rr) / (kind.queries + 1);
    kind.queries++;
    if (recall < 1)
      misses.push({ query: c.query, kind: c.kind, recall, rank: first >= 0 ? first + 1 : null });
  }
  misses.sort((a, b) => a.recall - b.recall);
  return {
    queries: cases.length,
    recallAt10: recallSum / cases.length,
    mrr: rrSum / cases.length,
    misses,
    byKind,
  };
}
