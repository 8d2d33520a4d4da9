import { MASKED_DESCRIPTION, MASKED_NAME } from '@bawaba/shared/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db, Tx } from '../db/client.ts';
import { categories, type companies, companyServices, locations, services } from '../db/schema.ts';
import type { Lang } from '../errors.ts';
import { named } from './localize.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** Company descriptions are stored sanitized: safe to render as HTML. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img'), 'h1', 'h2', 'u', 's'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}

/** Serializes companies in one pass (location, services with categories, derived categories). */
export async function serializeCompanies(db: Db | Tx, rows: CompanyRow[], l: Lang, masked: boolean) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const locIds = [...new Set(rows.map((r) => r.locationId).filter((x): x is number => x != null))];
  const [svcRows, locRows] = await Promise.all([
    db
      .select({ companyId: companyServices.companyId, s: services, c: categories })
      .from(companyServices)
      .innerJoin(services, eq(services.id, companyServices.serviceId))
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .where(inArray(companyServices.companyId, ids))
      .orderBy(asc(services.id)),
    locIds.length ? db.select().from(locations).where(inArray(locations.id, locIds)) : Promise.resolve([]),
  ]);
  return rows.map((r) => {
    const svc = svcRows.filter((x) => x.companyId === r.id);
    const cats = new Map<
      number,
      { id: number; slug: string; name: string; nameEn: string; nameAr: string }
    >();
    for (const x of svc) cats.set(x.c.id, { id: x.c.id, slug: x.c.slug, ...named(l, x.c) });
    const loc = locRows.find((x) => x.id === r.locationId);
    return {
      id: r.id,
      name: masked ? MASKED_NAME : r.name,
      description: masked ? MASKED_DESCRIPTION : r.description,
      logo_url: r.logoUrl,
      website_url: masked ? null : r.websiteUrl,
      facebook: masked ? null : r.facebook,
      twitter: masked ? null : r.twitter,
      linkedin: masked ? null : r.linkedin,
      google: masked ? null : r.google,
      skype: masked ? null : r.skype,
      location: loc ? { id: loc.id, ...named(l, loc) } : null,
      services: svc.map((x) => ({
        id: x.s.id,
        slug: x.s.slug,
        ...named(l, x.s),
        category: { id: x.c.id, slug: x.c.slug, ...named(l, x.c) },
      })),
      categories: [...cats.values()],
      status: r.status as 'pending' | 'approved' | 'rejected',
      masked,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function serializeCompany(db: Db | Tx, row: CompanyRow, l: Lang, masked: boolean) {
  const [c] = await serializeCompanies(db, [row], l, masked);
  return c!;
}
