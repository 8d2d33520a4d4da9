import type { ServiceRequest } from '@bawaba/shared/contracts';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, type serviceRequests, services, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso, named, nameFor } from '../../lib/localize.ts';

export type RequestRow = typeof serviceRequests.$inferSelect;

/** Requests as the contract's `ServiceRequest`, with the service names in the reader's language. */
export async function serializeRequests(db: Db | Tx, rows: RequestRow[], l: Lang): Promise<ServiceRequest[]> {
  if (rows.length === 0) return [];
  const serviceIds = [...new Set(rows.flatMap((r) => r.serviceIds))];
  const [svcs, comps, requesters] = await Promise.all([
    serviceIds.length
      ? db.select().from(services).where(inArray(services.id, serviceIds))
      : Promise.resolve([]),
    db
      .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.requesterId))])),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    project_title: r.projectTitle,
    description: r.description,
    services: r.serviceIds
      .map((id) => svcs.find((s) => s.id === id))
      .filter((s) => s !== undefined)
      .map((s) => ({ id: s.id, ...named(l, s) })),
    company: {
      id: r.companyId,
      ...nameFor(l, comps.find((c) => c.id === r.companyId) ?? { nameEn: null, nameAr: null }),
    },
    requester: requesters.find((u) => u.id === r.requesterId) ?? { id: r.requesterId, name: '' },
    status: r.status as ServiceRequest['status'],
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
  }));
}

export async function serializeRequest(db: Db | Tx, row: RequestRow, l: Lang): Promise<ServiceRequest> {
  const [out] = await serializeRequests(db, [row], l);
  return out!;
}
