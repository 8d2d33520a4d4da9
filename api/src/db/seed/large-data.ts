import { count, eq, like } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyServices, locations, services, tenders, users } from '../schema.ts';
import { refreshCompanySearch, refreshTenderSearch } from '../search-documents.ts';
import { NAME_PREFIX, NAME_SUFFIX } from './data.ts';

/**
 * Adds `n` approved companies (names "… #123", 1–3 services each) for benchmarks; idempotent per count; their search
 * documents built.
 */
export async function seedLargeCompanies(db: Db, n: number): Promise<number> {
  const [have] = await db.select({ n: count() }).from(companies).where(like(companies.nameEn, '% #%'));
  const existing = have?.n ?? 0;
  if (existing >= n) return 0;
  const svc = (await db.select({ id: services.id }).from(services)).map((s) => s.id);
  const locs = (await db.select({ id: locations.id }).from(locations)).map((l) => l.id);
  if (svc.length === 0 || locs.length === 0) throw new Error('seed the catalog first (start the API once)');
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const BATCH = 500;
  for (let start = existing; start < n; start += BATCH) {
    const size = Math.min(BATCH, n - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      const name = `${NAME_PREFIX[i % NAME_PREFIX.length]} ${NAME_SUFFIX[i % NAME_SUFFIX.length]} #${i + 1}`;
      return {
        nameEn: name,
        descriptionEn: `<p>${name} provides services across Qatar.</p>`,
        websiteUrl: i % 3 ? `https://company-${i + 1}.qa` : null,
        locationId: locs[i % locs.length]!,
        status: 'approved',
      };
    });
    await db.transaction(async (tx) => {
      const ids = await tx.insert(companies).values(rows).returning({ id: companies.id });
      const links = ids.flatMap(({ id }) => {
        const k = 1 + Math.floor(rand() * 3);
        const chosen = new Set(Array.from({ length: k }, () => svc[Math.floor(rand() * svc.length)]!));
        return [...chosen].map((serviceId) => ({ companyId: id, serviceId }));
      });
      await tx.insert(companyServices).values(links);
    });
  }
  await refreshCompanySearch(db);
  return n - existing;
}

const LARGE_TENDER_TITLES = [
  'Supply and Installation of CCTV Systems',
  'توريد وتركيب أنظمة المراقبة بالكاميرات',
  'Annual Facility Management Contract',
  'عقد صيانة المرافق السنوي',
  'Fit-Out Works for a Showroom',
  'أعمال التشطيبات لصالة العرض',
  'Solar PV Installation on Warehouse Roofs',
  'تركيب ألواح الطاقة الشمسية على أسطح المستودعات',
];

/**
 * Adds `n` published, approved, open tenders of the demo owner (numbers BWB-2000-00001…, titles in English or in
 * Arabic, a description in both) for benchmarks; idempotent per count; their search documents built.
 */
export async function seedLargeTenders(db: Db, n: number): Promise<number> {
  const [have] = await db.select({ n: count() }).from(tenders).where(like(tenders.number, 'BWB-2000-%'));
  const existing = have?.n ?? 0;
  if (existing >= n) return 0;
  const [owner] = await db
    .select({ id: users.id, companyId: companies.id })
    .from(users)
    .leftJoin(companies, eq(companies.ownerId, users.id))
    .where(eq(users.email, 'owner@bawaba.qa'));
  const svc = (await db.select({ id: services.id }).from(services)).map((s) => s.id);
  if (!owner || svc.length === 0) throw new Error('seed the demo first (start the API once)');
  const day = 86_400_000;
  const BATCH = 500;
  for (let start = existing; start < n; start += BATCH) {
    const size = Math.min(BATCH, n - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      const number = `BWB-2000-${String(i + 1).padStart(5, '0')}`;
      const title = LARGE_TENDER_TITLES[i % LARGE_TENDER_TITLES.length]!;
      return {
        number,
        // Every other title is Arabic (written in Arabic only), the others English only.
        ...(i % 2 ? { titleAr: `${title} ${i + 1}` } : { titleEn: `${title} ${i + 1}` }),
        descriptionEn: `<p>Scope of work and evaluation criteria for ${number}.</p>`,
        descriptionAr: `<p>نطاق العمل ومعايير التقييم للمناقصة ${number}.</p>`,
        ownerId: owner.id,
        companyId: owner.companyId,
        actedByUserId: owner.id,
        status: 'open',
        approvalStatus: 'approved',
        isPublished: true,
        serviceIds: [svc[i % svc.length]!],
        publishDate: new Date(Date.now() - 5 * day),
        deadline: new Date(Date.now() + 30 * day),
        startDate: new Date(Date.now() + 40 * day),
        endDate: new Date(Date.now() + 90 * day),
      };
    });
    await db.insert(tenders).values(rows);
  }
  await refreshTenderSearch(db);
  return n - existing;
}
