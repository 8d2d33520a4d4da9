import type { AdminService, CatalogMergeBody } from '@bawaba/shared/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { categories, follows, services } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import type { AdminActor } from '../audit/index.ts';
import { CATALOG_NOTICES } from './notifications.ts';
import type { ServiceRow } from './queries.ts';
import { adminEntry, audit } from './service.ts';

/**
 * Merging a service into another (the survivor): everything that names it names the survivor instead, each record
 * once — the companies offering it, the tenders and service requests listing it, the follows of it (a company or a
 * person following both keeps one follow), the footer's services — and the merged service is deleted. Its followers
 * (a company's follow: the company's bidders, as for new tenders) are told once, in the notice's two languages, by
 * the notification and mail path. The merged service's version must be the one the administrator read; the survivor
 * must be offered now (not retired, nor in a retired category).
 */

/** Rewrites a JSON array of service ids: `from` becomes `to`, each id once, in the order first seen. */
const replacedIds = (column: string, from: number, to: number) =>
  sql.raw(
    `(select coalesce(jsonb_agg(x.id order by x.first), '[]'::jsonb) from (select case when e::int = ${from} then ${to} else e::int end as id, min(o) as first from jsonb_array_elements_text(${column}) with ordinality as t(e, o) group by 1) x)`,
  );

async function moveReferences(tx: Tx, from: number, to: number) {
  await tx.execute(
    sql`with moved as (delete from company_services where service_id = ${from} returning company_id) insert into company_services (company_id, service_id) select company_id, ${to} from moved on conflict do nothing`,
  );
  await tx.execute(
    sql`update tenders set service_ids = ${replacedIds('service_ids', from, to)} where service_ids @> ${JSON.stringify([from])}::jsonb`,
  );
  await tx.execute(
    sql`update service_requests set service_ids = ${replacedIds('service_ids', from, to)} where service_ids @> ${JSON.stringify([from])}::jsonb`,
  );
  await tx.execute(
    sql`update settings set value = jsonb_set(value, '{footerServiceIds}', ${replacedIds("value->'footerServiceIds'", from, to)}) where key = 'bo-setting' and value->'footerServiceIds' @> ${JSON.stringify([from])}::jsonb`,
  );
  // A follow of the survivor on the same side (the company, or the person's own) already: the merged one goes.
  await tx.execute(
    sql`delete from follows f where f.service_id = ${from} and exists (select 1 from follows g where g.service_id = ${to} and ((f.company_id is not null and g.company_id = f.company_id) or (f.company_id is null and g.company_id is null and g.user_id = f.user_id)))`,
  );
  await tx.update(follows).set({ serviceId: to }).where(eq(follows.serviceId, from));
}

export function mergeService(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  body: v.InferOutput<typeof CatalogMergeBody>,
): Promise<{
  survivor: AdminService;
  moved: { companies: number; tenders: number; follows: number; told: number };
}> {
  return inTx(ctx, async (tx, after) => {
    // Both rows locked in id order, so two merges of the same pair cannot wait on each other.
    const rows = await tx
      .select({ s: services, categoryRetired: categories.retiredAt })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .where(inArray(services.id, [id, body.into]))
      .orderBy(asc(services.id))
      .for('update', { of: services });
    const merged = rows.find((r) => r.s.id === id);
    const survivor = rows.find((r) => r.s.id === body.into);
    if (!merged || !survivor) throw new AppError('CATALOG_ENTRY_NOT_FOUND');
    if (id === body.into) throw new AppError('MERGE_INTO_ITSELF');
    if (merged.s.version !== body.version) throw new AppError('CATALOG_VERSION_CONFLICT');
    if (survivor.s.retiredAt || survivor.categoryRetired) throw new AppError('MERGE_INTO_RETIRED');

    const followRows = await tx
      .select({ companyId: follows.companyId, userId: follows.userId })
      .from(follows)
      .where(eq(follows.serviceId, id));
    const told = await concerned(tx, followRows, 'bidder');
    const counted = await usesOf(tx, id);
    await moveReferences(tx, id, body.into);
    await tx.delete(services).where(eq(services.id, id));
    await notify(ctx, tx, after, noticeTo(told, CATALOG_NOTICES.serviceMerged(merged.s, survivor.s)));
    await audit(tx, admin, 'services', 'merge', merged.s, {
      into: { id: survivor.s.id, label: `${survivor.s.nameEn} / ${survivor.s.nameAr}` },
      moved: counted,
      told: told.length,
    });
    const [after_] = await tx.select().from(services).where(eq(services.id, body.into));
    return {
      survivor: (await adminEntry(tx, 'services', after_ as ServiceRow)) as AdminService,
      moved: { ...counted, told: told.length },
    };
  });
}

/** The companies, tenders and follows naming a service. */
async function usesOf(tx: Tx, id: number) {
  const [row] = (
    await tx.execute(
      sql`select (select count(*) from company_services where service_id = ${id}) as companies, (select count(*) from tenders where service_ids @> ${JSON.stringify([id])}::jsonb) as tenders, (select count(*) from follows where service_id = ${id}) as follows`,
    )
  ).rows as { companies: number; tenders: number; follows: number }[];
  return {
    companies: Number(row?.companies ?? 0),
    tenders: Number(row?.tenders ?? 0),
    follows: Number(row?.follows ?? 0),
  };
}
