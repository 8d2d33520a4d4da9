// Longer than our ~300-line rule on purpose: the demo data is one story (companies, tenders, proposals and their
// states) whose rows refer to each other; split, a reader would chase ids across files.
import { randomUUID } from 'node:crypto';
import { FOUNDER_ROLES } from '@bawaba/shared/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { hashPassword } from '../../lib/auth.ts';
import { filePath } from '../../lib/fileurl.ts';
import { logoPng } from '../../lib/png.ts';
import { sanitizeDescription } from '../../lib/rich-text.ts';
import type { Tx } from '../client.ts';
import {
  ads,
  categories,
  clarifications,
  companies,
  companyMembers,
  companyServices,
  files,
  interests,
  locations,
  notifications,
  proposals,
  proposalVersions,
  serviceRequests,
  services,
  settings,
  tenderAmendments,
  tenderEvents,
  tenders,
  users,
} from '../schema.ts';
import { refreshStaleSearch } from '../search-documents.ts';
import { CATEGORIES, LOCATIONS, NAME_PREFIX, NAME_PREFIX_AR, NAME_SUFFIX, NAME_SUFFIX_AR } from './data.ts';
import { seedContracts } from './demo-contracts.ts';

export const DEMO_PASSWORD = 'Bawaba2026!';
export const DEFAULT_BO_SETTING = {
  email: 'info@bawaba.qa',
  phone: '+974 4400 0000',
  addressEn: 'Office 12, Tower 3, West Bay, Doha, Qatar',
  addressAr: 'مكتب 12، البرج 3، الخليج الغربي، الدوحة، قطر',
  workingHoursEn: 'Sunday – Thursday, 8:00 – 17:00',
  workingHoursAr: 'الأحد – الخميس، 8:00 – 17:00',
  facebook: 'https://www.facebook.com/bawaba.qa',
  twitter: 'https://x.com/bawaba_qa',
  linkedin: 'https://www.linkedin.com/company/bawaba-qa',
  instagram: 'https://www.instagram.com/bawaba.qa',
  youtube: '',
};

/** A tiny valid PDF for seeded proposal attachments. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A small, well-formed one-page PDF (cross-reference table with real offsets) showing `line`: the seeded tender
 * document, so the tender profile has a file to show and download.
 */
function textPdf(line: string): Buffer {
  const text = line.replace(/[\\()]/g, '\\$&');
  const content = `BT /F1 14 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 200]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const DAY = 86_400_000;
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Loads the demo seed when the database has no users (under an advisory lock: safe with several processes). */
export async function seedIfEmpty(ctx: Ctx): Promise<boolean> {
  const [before] = await ctx.database.db.select({ n: count() }).from(users);
  if ((before?.n ?? 0) > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    const [n] = await tx.select({ n: count() }).from(users);
    if ((n?.n ?? 0) > 0) return false;
    await seedDemo(ctx, tx, hash);
    await attachToOwnersCompanies(tx);
    await seedContracts(ctx, tx, Date.now(), SAMPLE_PDF);
    await refreshStaleSearch(tx);
    return true;
  });
}

async function seedDemo(ctx: Ctx, tx: Tx, hash: string) {
  const rand = rng(2026);
  /** Stores a seed file as an upload would (the local disk or the bucket); returns its stored name. */
  const store = async (bytes: Buffer, contentType: string) => {
    const name = randomUUID();
    await ctx.fileStore.put(name, bytes, { contentType });
    return name;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();

  // Catalog
  const svcIds: number[] = [];
  for (const c of CATEGORIES) {
    const [cat] = await tx
      .insert(categories)
      .values({ slug: c.slug, nameEn: c.en, nameAr: c.ar })
      .returning();
    const rows = await tx
      .insert(services)
      .values(
        c.services.map(([en, ar]) => ({ categoryId: cat!.id, slug: slugify(en), nameEn: en, nameAr: ar })),
      )
      .returning({ id: services.id });
    svcIds.push(...rows.map((r) => r.id));
  }
  const locRows = await tx
    .insert(locations)
    .values(LOCATIONS.map(([en, ar]) => ({ nameEn: en, nameAr: ar })))
    .returning({ id: locations.id });
  const locIds = locRows.map((r) => r.id);

  // Users
  const mk = (name: string, email: string, isAdmin = false) => ({
    name,
    email,
    isAdmin,
    passwordHash: hash,
    verified: true,
  });
  const [admin, owner, bidder, ...others] = await tx
    .insert(users)
    .values([
      mk('Bawaba Admin', 'admin@bawaba.qa', true),
      mk('Khalid Al-Thani', 'owner@bawaba.qa'),
      mk('Sara Haddad', 'bidder@bawaba.qa'),
      mk('Mariam Al-Kuwari', 'mariam@qatarbuild.qa'),
      mk('Omar Nasser', 'omar@gulfstar.qa'),
      mk('Fatima Al-Sulaiti', 'fatima@pearl-tech.qa'),
      mk('Yousef Mansour', 'yousef@oryx-logistics.qa'),
    ])
    .returning();
  if (!admin || !owner || !bidder) throw new Error('seed: users');

  // Logos (generated PNGs, public)
  const logoUrls: string[] = [];
  const fileRows = [];
  for (let i = 0; i < 24; i++) {
    const png = logoPng(i + 1);
    const id = randomUUID();
    fileRows.push({
      id,
      ownerId: null,
      purpose: 'logo',
      isPublic: true,
      originalName: `logo-${i + 1}.png`,
      storedName: await store(png, 'image/png'),
      mimeType: 'image/png',
      size: png.length,
    });
    logoUrls.push(ctx.apiUrl(filePath(id, 'image/png')));
  }
  await tx.insert(files).values(fileRows);

  // Companies
  // Company texts in both languages: most companies write both, some only Arabic, a few only English.
  const since = () => 2000 + Math.floor(rand() * 22);
  const descEn = (name: string, svc: string[], year: number) =>
    `<h2>About ${name}</h2><p>${name} is a Qatar-based provider of <strong>${svc.join(', ')}</strong>, serving government entities and private companies across the country since ${year}.</p><ul><li>Certified team based in Qatar</li><li>Bilingual project delivery (English / Arabic)</li><li>Transparent pricing in QAR</li></ul>`;
  const descAr = (name: string, svc: string[], year: number) =>
    `<h2>نبذة عن ${name}</h2><p>${name} شركة قطرية تقدم <strong>${svc.join('، ')}</strong> للجهات الحكومية والشركات الخاصة في جميع أنحاء دولة قطر منذ عام ${year}.</p><ul><li>فريق عمل معتمد مقره الدوحة</li><li>تنفيذ المشاريع باللغتين العربية والإنجليزية</li><li>أسعار واضحة بالريال القطري</li></ul>`;
  const svcName = new Map<number, { en: string; ar: string }>();
  {
    let k = 0;
    for (const c of CATEGORIES) for (const [en, ar] of c.services) svcName.set(svcIds[k++]!, { en, ar });
  }
  type CompanyDef = { ownerId: number | null; en: string | null; ar: string | null; status: string };
  const companyDefs: CompanyDef[] = [
    { ownerId: owner.id, en: 'Doha Digital Solutions', ar: 'الدوحة للحلول الرقمية', status: 'approved' },
    ...others.map((u, i) => ({
      ownerId: u.id,
      en: ['Qatar Build Contracting', 'Gulf Star Engineering', 'Pearl Technologies', 'Oryx Logistics'][i]!,
      ar: ['قطر للبناء والمقاولات', 'نجمة الخليج للهندسة', 'اللؤلؤة للتقنيات', 'أوريكس للخدمات اللوجستية'][
        i
      ]!,
      status: 'approved',
    })),
    { ownerId: null, en: null, ar: 'شركة الدوحة للمقاولات', status: 'approved' },
    { ownerId: null, en: null, ar: 'مؤسسة قطر للحلول التقنية', status: 'approved' },
  ];
  const used = new Set(companyDefs.map((c) => c.en ?? c.ar));
  let i = 0;
  while (companyDefs.length < 66) {
    const suffix = Math.floor(i / NAME_PREFIX.length) % NAME_SUFFIX.length;
    const en = `${NAME_PREFIX[i % NAME_PREFIX.length]} ${NAME_SUFFIX[suffix]}`;
    const ar = NAME_SUFFIX_AR[suffix]!(NAME_PREFIX_AR[i % NAME_PREFIX_AR.length]!);
    i++;
    if (used.has(en)) continue;
    used.add(en);
    const status =
      companyDefs.length % 17 === 0 ? 'pending' : companyDefs.length === 40 ? 'rejected' : 'approved';
    // Every fifth writes only Arabic, every eleventh only English.
    const only = companyDefs.length % 5 === 0 ? 'ar' : companyDefs.length % 11 === 0 ? 'en' : null;
    companyDefs.push({
      ownerId: null,
      en: only === 'ar' ? null : en,
      ar: only === 'en' ? null : ar,
      status,
    });
  }
  const companyIds: number[] = [];
  for (const [idx, def] of companyDefs.entries()) {
    const n = 1 + Math.floor(rand() * 4);
    const chosen = [...new Set(Array.from({ length: n }, () => pick(svcIds)))];
    const site = def.en ? slugify(def.en) : `company-${idx + 1}`;
    const hasSocial = idx % 3 !== 2;
    const year = since();
    const [c] = await tx
      .insert(companies)
      .values({
        ownerId: def.ownerId,
        nameEn: def.en,
        nameAr: def.ar,
        descriptionEn: def.en
          ? sanitizeDescription(
              descEn(
                def.en,
                chosen.map((s) => svcName.get(s)?.en ?? ''),
                year,
              ),
            )
          : null,
        descriptionAr: def.ar
          ? sanitizeDescription(
              descAr(
                def.ar,
                chosen.map((s) => svcName.get(s)?.ar ?? ''),
                year,
              ),
            )
          : null,
        logoUrl: idx % 3 === 1 ? null : logoUrls[idx % logoUrls.length]!,
        websiteUrl: idx % 4 === 3 ? null : `https://www.${site}.qa`,
        facebook: hasSocial ? `https://www.facebook.com/${site}` : null,
        twitter: hasSocial && idx % 2 === 0 ? `https://x.com/${site.slice(0, 15)}` : null,
        linkedin: hasSocial ? `https://www.linkedin.com/company/${site}` : null,
        google: idx % 5 === 0 ? `https://g.page/${site}` : null,
        skype: idx % 6 === 0 ? `${site}.sales` : null,
        locationId: locIds[idx % locIds.length]!,
        status: def.status,
        createdAt: new Date(now - (70 - idx) * DAY),
      })
      .returning({ id: companies.id });
    companyIds.push(c!.id);
    await tx.insert(companyServices).values(chosen.map((serviceId) => ({ companyId: c!.id, serviceId })));
    if (def.ownerId !== null)
      await tx
        .insert(companyMembers)
        .values({ companyId: c!.id, userId: def.ownerId, roles: [...FOUNDER_ROLES] });
  }
  // The owner's company has a second member, a buyer (docs/decisions/0011-organisations.md).
  const [buyer] = await tx.insert(users).values(mk('Layla Haddad', 'buyer@bawaba.qa')).returning();
  await tx
    .insert(companyMembers)
    .values({ companyId: companyIds[0]!, userId: buyer!.id, roles: ['buyer'], invitedBy: owner.id });

  // Tenders in every state
  type State =
    | 'draft'
    | 'pending'
    | 'rejected'
    | 'open'
    | 'closed'
    | 'past-open'
    | 'past-closed'
    // The decision loop (appended last, the oldest: the tests pick the first tender of a kind, newest first)
    | 'amended'
    | 'past-awarded'
    | 'past-no-award'
    | 'cancelled';
  const plan: [number, State][] = [
    [owner.id, 'draft'],
    [owner.id, 'draft'],
    [owner.id, 'pending'],
    [owner.id, 'rejected'],
    [owner.id, 'open'],
    [owner.id, 'open'],
    [owner.id, 'open'],
    [owner.id, 'closed'],
    [owner.id, 'closed'],
    [owner.id, 'past-open'],
    [owner.id, 'past-closed'],
  ];
  const states: State[] = ['open', 'open', 'closed', 'past-open', 'pending', 'open', 'past-closed', 'draft'];
  for (let k = 0; k < 24; k++) plan.push([others[k % others.length]!.id, states[k % states.length]!]);
  plan.push(
    [owner.id, 'amended'],
    [owner.id, 'past-awarded'],
    [owner.id, 'past-no-award'],
    [owner.id, 'cancelled'],
    // Two more awards, the oldest: with the first, the demo's contracts in three states (demo-contracts.ts).
    [owner.id, 'past-awarded'],
    [owner.id, 'past-awarded'],
  );
  const TITLES: [string, string][] = [
    [
      'Supply and Installation of CCTV Systems for Lusail Offices',
      'توريد وتركيب أنظمة المراقبة CCTV لمكاتب لوسيل',
    ],
    ['Annual Facility Management Contract — West Bay Tower', 'عقد إدارة المرافق السنوي — برج الخليج الغربي'],
    ['Development of a Bilingual Customer Portal', 'تطوير بوابة عملاء ثنائية اللغة'],
    ['Fit-Out Works for Msheireb Downtown Showroom', 'أعمال التجهيز الداخلي لصالة عرض مشيرب قلب الدوحة'],
    ['Corporate Catering Services for 2027', 'خدمات الإعاشة للشركات لعام 2027'],
    [
      'Solar PV Installation on Warehouse Roofs in Mesaieed',
      'تركيب ألواح الطاقة الشمسية على أسطح المستودعات في مسيعيد',
    ],
    ['Recruitment of 40 Site Engineers', 'توظيف 40 مهندس موقع'],
    ['Structural Design Review for Al Wakrah Clinic', 'مراجعة التصميم الإنشائي لعيادة الوكرة'],
    ['Freight Forwarding Framework Agreement', 'اتفاقية إطارية لخدمات الشحن'],
    ['Cybersecurity Assessment and Penetration Testing', 'تقييم الأمن السيبراني واختبار الاختراق'],
    [
      'Landscaping Maintenance for Residential Compound in Al Rayyan',
      'صيانة المسطحات الخضراء لمجمع سكني في الريان',
    ],
    ['Audit of Financial Statements FY2026', 'تدقيق القوائم المالية للسنة المالية 2026'],
    ['Office Interiors for New Headquarters in Doha', 'التصميم الداخلي للمقر الرئيسي الجديد في الدوحة'],
    ['Event Management for National Day Celebration', 'تنظيم فعاليات الاحتفال باليوم الوطني'],
    ['Medical Equipment Supply for Occupational Health Centre', 'توريد معدات طبية لمركز الصحة المهنية'],
    ['HVAC Maintenance for Schools in Al Khor', 'صيانة أنظمة التكييف والتهوية لمدارس الخور'],
  ];
  const tenderIds: { id: number; state: State; ownerId: number; hasFee: boolean; deadline: Date }[] = [];
  const events: (typeof tenderEvents.$inferInsert)[] = [];
  for (const [k, [ownerId, state]] of plan.entries()) {
    const past = state.startsWith('past');
    const deadline = new Date(now + (past ? -(3 + k) : 5 + k * 2) * DAY);
    const publish = new Date(now - (10 + k) * DAY);
    const feeKind = k < 35 ? k % 4 : 0;
    const bond = feeKind === 1 ? 5000 * (1 + (k % 5)) : feeKind === 3 ? 2500 : 0;
    const fee = feeKind === 2 ? 250 : feeKind === 3 ? 150 : 0;
    const approval =
      state === 'draft'
        ? 'draft'
        : state === 'pending'
          ? 'pending'
          : state === 'rejected'
            ? 'rejected'
            : 'approved';
    const number = `BWB-2026-${String(k + 1).padStart(4, '0')}`;
    const [titleEn, titleAr] = TITLES[k % TITLES.length]!;
    const lot = Math.floor(k / TITLES.length) + 1;
    const lotEn = k >= TITLES.length ? ` (Lot ${lot})` : '';
    const lotAr = k >= TITLES.length ? ` (الدفعة ${lot})` : '';
    const only = k % 6 === 1 ? 'ar' : k % 6 === 4 ? 'en' : null;
    const [t] = await tx
      .insert(tenders)
      .values({
        number,
        // Most tenders are written in both languages; every sixth (from the second) only in Arabic, every
        // sixth (from the fifth) only in English — whose text, as owners write it, mixes in an Arabic phrase.
        titleEn: only === 'ar' ? null : titleEn + lotEn,
        titleAr: only === 'en' ? null : titleAr + lotAr,
        descriptionEn:
          only === 'ar'
            ? null
            : `Scope of work, eligibility and evaluation criteria for tender ${number}. Bidders must be registered in Qatar. نطاق العمل ومعايير التقييم.`,
        descriptionAr:
          only === 'en'
            ? null
            : `<p>وصف الأعمال المطلوبة وشروط الأهلية ومعايير التقييم للمناقصة ${number}. يجب أن يكون المتقدمون مسجلين في دولة قطر.</p>`,
        ownerId,
        status: state === 'closed' || state === 'past-closed' ? 'closed' : 'open',
        approvalStatus: approval,
        isPublished: approval !== 'draft',
        bond,
        participationFee: fee,
        budget: 50_000 + (k % 7) * 25_000,
        currency: 'QAR',
        // One or two services (k and 7k fall on the same service when k is a multiple of the count).
        serviceIds: [...new Set([svcIds[k % svcIds.length]!, svcIds[(k * 7) % svcIds.length]!])],
        startDate: new Date(deadline.getTime() + 7 * DAY),
        endDate: new Date(deadline.getTime() + 180 * DAY),
        publishDate: approval === 'draft' ? null : publish,
        deadline,
        createdAt: new Date(now - (12 + k) * DAY),
      })
      .returning({ id: tenders.id });
    tenderIds.push({ id: t!.id, state, ownerId, hasFee: bond + fee > 0, deadline });
    // The audit trail of how it got here (the decision tenders' later steps are added below).
    const created = new Date(now - (12 + k) * DAY);
    events.push({
      tenderId: t!.id,
      actorId: ownerId,
      action: 'created',
      fromState: 'draft',
      toState: 'draft',
      createdAt: created,
    });
    if (approval !== 'draft') {
      const submitted = new Date(created.getTime() + DAY);
      events.push({
        tenderId: t!.id,
        actorId: ownerId,
        action: 'submitted',
        fromState: 'draft',
        toState: 'pending_approval',
        createdAt: submitted,
      });
    }
    if (approval === 'approved' || approval === 'rejected') {
      events.push({
        tenderId: t!.id,
        actorId: admin.id,
        action: approval,
        fromState: 'pending_approval',
        toState: approval === 'approved' ? 'published' : 'rejected',
        createdAt: publish,
      });
    }
  }

  // A tender document (a real stored file, as an upload would leave it) on the owner's first open tender
  const documented = tenderIds.find((t) => t.ownerId === owner.id && t.state === 'open');
  if (documented) {
    const pdf = textPdf('Bawaba demo: tender specification');
    const [doc] = await tx
      .insert(files)
      .values({
        id: randomUUID(),
        ownerId: owner.id,
        purpose: 'tender-document',
        isPublic: false,
        originalName: 'tender-specification.pdf',
        storedName: await store(pdf, 'application/pdf'),
        mimeType: 'application/pdf',
        size: pdf.length,
      })
      .returning({ id: files.id });
    await tx
      .update(tenders)
      .set({ documentIds: [doc!.id] })
      .where(eq(tenders.id, documented.id));
  }

  // Interests: the bidder on two closed tenders (one approved, one pending)
  const ownerClosed = tenderIds.filter((t) => t.ownerId === owner.id && t.state === 'closed');
  if (ownerClosed[0])
    await tx
      .insert(interests)
      .values({ tenderId: ownerClosed[0].id, userId: bidder.id, status: 'approved', decidedAt: new Date() });
  if (ownerClosed[1])
    await tx.insert(interests).values({ tenderId: ownerClosed[1].id, userId: bidder.id, status: 'pending' });

  // Proposals: on the owner's past-deadline tender (unsealed) and one open tender (sealed)
  const pdfId = randomUUID();
  const bidderOf = (u: { id: number }) => u.id;
  const proposalTargets = [
    ...tenderIds
      .filter((t) => t.ownerId === owner.id && t.state === 'past-open')
      .map((t) => ({ t, by: others.slice(0, 3) })),
    ...tenderIds
      .filter((t) => t.ownerId === owner.id && t.state === 'open')
      .slice(0, 1)
      .map((t) => ({ t, by: others.slice(1, 2) })),
    ...tenderIds
      .filter((t) => t.ownerId === owner.id)
      .flatMap((t) =>
        t.state === 'past-awarded'
          ? [{ t, by: others.slice(0, 3) }]
          : t.state === 'past-no-award'
            ? [{ t, by: others.slice(1, 3) }]
            : t.state === 'amended' || t.state === 'cancelled'
              ? [{ t, by: others.slice(1, 2) }]
              : [],
      ),
  ];
  const fileOwners = new Map<number, string>();
  for (const { by } of proposalTargets)
    for (const u of by)
      if (!fileOwners.has(u.id)) fileOwners.set(u.id, fileOwners.size === 0 ? pdfId : randomUUID());
  for (const [uid, fid] of fileOwners) {
    await tx.insert(files).values({
      id: fid,
      ownerId: uid,
      purpose: 'proposal-attachment',
      isPublic: false,
      originalName: 'technical-proposal.pdf',
      storedName: await store(SAMPLE_PDF, 'application/pdf'),
      mimeType: 'application/pdf',
      size: SAMPLE_PDF.length,
    });
  }
  for (const { t, by } of proposalTargets) {
    // Submitted in time: nine days ago, or two days before a deadline that has passed.
    const submittedAt = new Date(Math.min(now - 9 * DAY, t.deadline.getTime() - 2 * DAY));
    for (const [j, u] of by.entries()) {
      const [p] = await tx
        .insert(proposals)
        .values({
          tenderId: t.id,
          bidderId: bidderOf(u),
          paymentStatus: t.hasFee ? 'paid' : 'not_required',
          createdAt: submittedAt,
        })
        .returning({ id: proposals.id });
      const start = new Date(now + 10 * DAY).toISOString();
      const end = new Date(now + 40 * DAY).toISOString();
      await tx.insert(proposalVersions).values({
        proposalId: p!.id,
        version: 1,
        attachment: fileOwners.get(u.id)!,
        offerPrice: 90_000 + j * 12_500,
        title: `Proposal by ${u.name}`,
        description: 'Delivery plan, team, references and warranty terms.',
        period: 60 + j * 15,
        currency: 'QAR',
        paymentTerms: '30_days',
        milestones: [
          {
            title: 'Mobilisation',
            description: 'Site survey, detailed plan and team mobilisation',
            amount: 30_000,
            period: 30,
            documents: [],
            start_date: start,
            end_date: end,
            expected_completion_date: end,
          },
        ],
        breakdown: [
          { name: 'Labour', description: 'Team of 6 for 2 months', quantity: 1, unitPrice: 60_000 },
        ],
        submittedAt,
      });
    }
  }

  await seedDecisions(tx, { now, owner, admin, others, tenderIds, events });

  // Service requests to the owner's company
  await tx.insert(serviceRequests).values([
    {
      requesterId: bidder.id,
      companyId: companyIds[0]!,
      name: 'Sara Haddad',
      email: 'bidder@bawaba.qa',
      phone: '97455001122',
      projectTitle: 'Company website redesign',
      description: 'Bilingual website with a booking form.',
      serviceIds: [svcIds[0]!],
      status: 'approved',
      decidedAt: new Date(now - DAY),
    },
    {
      requesterId: bidder.id,
      companyId: companyIds[0]!,
      name: 'Sara Haddad',
      email: 'bidder@bawaba.qa',
      phone: '97455001122',
      projectTitle: 'Mobile app for deliveries',
      description: 'iOS and Android app with Arabic support.',
      serviceIds: [svcIds[1]!],
      status: 'pending',
    },
  ]);

  // Notifications
  await tx.insert(notifications).values([
    {
      userId: bidder.id,
      title: 'Interest approved',
      content: 'You can now submit a proposal to a closed tender.',
      titleAr: 'تمت الموافقة على اهتمامك',
      contentAr: 'يمكنك الآن تقديم عرض لمناقصة مغلقة.',
      tenderId: ownerClosed[0]?.id ?? null,
      link: ownerClosed[0] ? `/tender-profile/${ownerClosed[0].id}` : null,
      createdAt: new Date(now - 2 * 3600_000),
    },
    {
      userId: bidder.id,
      title: 'Welcome to Bawaba',
      content: 'Browse the directory and the published tenders.',
      titleAr: 'مرحباً بك في بوابة',
      contentAr: 'تصفح الدليل والمناقصات المنشورة.',
      createdAt: new Date(now - 3 * DAY),
    },
    {
      userId: owner.id,
      title: 'New service request received',
      content: '"Company website redesign" from Sara Haddad.',
      titleAr: 'تم استلام طلب خدمة جديد',
      contentAr: '"إعادة تصميم موقع الشركة" من سارة حداد.',
      link: '/account/requests',
      createdAt: new Date(now - DAY),
    },
  ]);

  // Ads
  const adImgs = [logoPng(101, 240), logoPng(202, 240)];
  const adFileIds = adImgs.map(() => randomUUID());
  const adStored: string[] = [];
  for (const png of adImgs) adStored.push(await store(png, 'image/png'));
  await tx.insert(files).values(
    adImgs.map((png, k) => ({
      id: adFileIds[k]!,
      ownerId: admin.id,
      purpose: 'ad',
      isPublic: true,
      originalName: `ad-${k + 1}.png`,
      storedName: adStored[k]!,
      mimeType: 'image/png',
      size: png.length,
    })),
  );
  await tx.insert(ads).values([
    {
      titleEn: 'List your company on Bawaba',
      titleAr: 'سجّل شركتك في بوابة',
      imageUrl: ctx.apiUrl(filePath(adFileIds[0]!, 'image/png')),
      linkUrl: '/company-register',
      active: true,
      startsAt: new Date(now - 30 * DAY),
      endsAt: new Date(now + 365 * DAY),
    },
    {
      titleEn: 'Qatar Procurement Week (ended)',
      titleAr: 'أسبوع قطر للمشتريات (انتهى)',
      imageUrl: ctx.apiUrl(filePath(adFileIds[1]!, 'image/png')),
      linkUrl: null,
      active: false,
    },
  ]);

  await tx.insert(settings).values({ key: 'bo-setting', value: DEFAULT_BO_SETTING });
}

/**
 * The demo writes each record as the person who made it; like a migrated one (drizzle/0020_record_ownership.sql)
 * it belongs to the company that person registered (none for a person without one) and names them as who acted.
 * Its histories, like migrated ones (drizzle/0021_who_acted.sql), name who sent each version and the company of
 * each member's event.
 */
async function attachToOwnersCompanies(tx: Tx) {
  const companyOf = (userColumn: string) =>
    sql.raw(`(select c.id from companies c where c.owner_id = ${userColumn})`);
  for (const [table, user, company] of [
    ['tenders', 'owner_id', 'company_id'],
    ['proposals', 'bidder_id', 'company_id'],
    ['interests', 'user_id', 'company_id'],
    ['follows', 'user_id', 'company_id'],
    ['payments', 'user_id', 'company_id'],
    ['service_requests', 'requester_id', 'requester_company_id'],
    ['tender_invitations', 'invited_by', 'inviter_company_id'],
  ] as const)
    await tx.execute(
      sql`update ${sql.identifier(table)} set acted_by_user_id = ${sql.identifier(user)}, ${sql.identifier(company)} = ${companyOf(`${table}.${user}`)} where acted_by_user_id is null`,
    );
  // As drizzle/0021_who_acted.sql: each version sent by its bidder, each event of a member made for its company.
  await tx.execute(sql`update proposal_versions v set acted_by_user_id = p.bidder_id
    from proposals p where p.id = v.proposal_id and v.acted_by_user_id is null`);
  await tx.execute(sql`update tender_events e set company_id = t.company_id
    from tenders t
   where t.id = e.tender_id and t.company_id is not null and e.actor_id is not null and e.company_id is null
     and exists (select 1 from company_members m where m.company_id = t.company_id and m.user_id = e.actor_id)`);
}

type SeedUser = { id: number; name: string };

/**
 * The decision loop in the demo: on the owner's tenders, answered and open questions and an amendment on a
 * published one (whose proposal predates it), evaluated proposals and the three endings — awarded (to Mariam's
 * company), closed without award, cancelled — each with its audit trail.
 */
async function seedDecisions(
  tx: Tx,
  s: {
    now: number;
    owner: SeedUser;
    admin: SeedUser;
    others: SeedUser[];
    tenderIds: { id: number; state: string; ownerId: number }[];
    events: (typeof tenderEvents.$inferInsert)[];
  },
) {
  const { now, owner, others } = s;
  const [mariam, omar] = others as [SeedUser, SeedUser];
  const mine = (state: string) => s.tenderIds.find((t) => t.ownerId === owner.id && t.state === state)!;
  const bidsOn = (tenderId: number) =>
    tx.select().from(proposals).where(eq(proposals.tenderId, tenderId)).orderBy(proposals.id);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const event = (
    tenderId: number,
    action: string,
    fromState: string,
    toState: string,
    createdAt: Date,
    details: Record<string, unknown> = {},
  ) => s.events.push({ tenderId, actorId: owner.id, action, fromState, toState, details, createdAt });

  const amended = mine('amended');
  const [current] = await tx
    .select({ d: sql<string>`coalesce(${tenders.descriptionEn}, ${tenders.descriptionAr})` })
    .from(tenders)
    .where(eq(tenders.id, amended.id));
  await tx.insert(clarifications).values([
    {
      tenderId: amended.id,
      askerId: omar.id,
      question: 'Are the drawings available in DWG format?',
      answer: 'Yes: the DWG drawings were added to the tender documents with amendment 1.',
      answeredAt: at(2),
      createdAt: at(4),
    },
    {
      tenderId: amended.id,
      askerId: mariam.id,
      question: 'Can bidders visit the site before submitting?',
      createdAt: at(1),
    },
  ]);
  await tx.insert(tenderAmendments).values({
    tenderId: amended.id,
    number: 1,
    reasonEn: 'Drawings added and the scope clarified',
    reasonAr: 'أضيفت المخططات ووُضّح نطاق الأعمال',
    changes: [{ field: 'description', before: 'Scope of work and eligibility.', after: current!.d }],
    createdAt: at(2),
  });
  await tx.update(tenders).set({ amendmentCount: 1 }).where(eq(tenders.id, amended.id));
  event(amended.id, 'answered', 'published', 'published', at(2), { clarificationId: 1 });
  event(amended.id, 'amended', 'published', 'published', at(2), { number: 1, fields: ['description'] });

  const awards = s.tenderIds.filter((t) => t.ownerId === owner.id && t.state === 'past-awarded');
  // Each award a fortnight before the next (the demo's contracts are in later stages the older they are).
  for (const [n, awarded] of awards.entries()) {
    const ago = 1 + 15 * n;
    const [win, runnerUp, rejected] = await bidsOn(awarded.id);
    const evaluations = [
      [win!, 'shortlisted', null],
      [runnerUp!, 'shortlisted', null],
      [rejected!, 'not_responsive', 'The commercial registration certificate is missing.'],
    ] as const;
    for (const [p, evaluation, reason] of evaluations) {
      await tx.update(proposals).set({ evaluation, evaluationReason: reason }).where(eq(proposals.id, p.id));
      event(awarded.id, evaluation, 'bids_opened', 'bids_opened', at(ago + 1), { proposalId: p.id });
    }
    await tx
      .update(tenders)
      .set({
        outcome: 'awarded',
        outcomeAt: at(ago),
        outcomeNote: 'Best value for money; contract signing next week.',
        awardedProposalId: win!.id,
      })
      .where(eq(tenders.id, awarded.id));
    event(awarded.id, 'awarded', 'bids_opened', 'awarded', at(ago), { proposalId: win!.id });
  }

  const noAward = mine('past-no-award');
  const reason = 'Every offer exceeded the approved budget; the tender will be re-issued.';
  await tx
    .update(tenders)
    .set({ outcome: 'no_award', outcomeAt: at(1), outcomeNote: reason })
    .where(eq(tenders.id, noAward.id));
  event(noAward.id, 'no_award', 'bids_opened', 'no_award', at(1), { reason });

  const cancelled = mine('cancelled');
  const why = 'The project was postponed to next year.';
  await tx
    .update(tenders)
    .set({ outcome: 'cancelled', outcomeAt: at(1), outcomeNote: why })
    .where(eq(tenders.id, cancelled.id));
  event(cancelled.id, 'cancelled', 'published', 'cancelled', at(1), { reason: why });

  await tx.insert(tenderEvents).values(s.events);
}
