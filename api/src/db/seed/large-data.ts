import { count, like } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyServices, locations, services } from '../schema.ts';
import { NAME_PREFIX, NAME_SUFFIX } from './data.ts';

/** Adds `n` approved companies (names "… #123", 1–3 services each) for benchmarks; idempotent per count. */
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
  return n - existing;
}
