import { type AdminCompanyListQuery, type CompanyBody, FOUNDER_ROLES } from '@bawaba/shared/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { companies, companyMembers, companyServices, sessions } from '../../db/schema.ts';
import { refreshCompanySearch } from '../../db/search-documents.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { eitherWritten, versionsOf } from '../../lib/bilingual.ts';
import { filePath } from '../../lib/fileurl.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { sanitizeDescription } from '../../lib/rich-text.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { checkLocationUsable, checkServicesUsable } from '../catalog/index.ts';
import { COMPANY_NOTICES } from './notifications.ts';
import { companyById, companyPage, isMemberOf, offersAService, ownLogo, registeredBy } from './queries.ts';

/**
 * The company rules: one company per (non-admin) user, back to pending approval on every change; only an admin
 * decides, and only a company with at least one service can be approved (it would be listed under no category);
 * a company is seen by anyone once approved, before that by its owner and admins. Every write tells the directory
 * (`changed`) once it committed, so its caches never list a company that changed. The reads are in queries.ts.
 */

export type Decision = 'approve' | 'reject';
type CompanyRow = typeof companies.$inferSelect;

/** The company the caller's session acts for, in any state, or null (no active company). */
export async function myCompany(ctx: Ctx, a: Auth): Promise<CompanyRow | null> {
  return a.company ? ((await companyById(ctx.database.db, a.company.id)) ?? null) : null;
}

/**
 * The active company's four-eyes threshold: the tender budget (QAR) above which an award, no award or cancellation
 * needs a member with the approver role (0: every tender; docs/decisions/0013-decision-stage.md).
 */
export async function decisionSettings(ctx: Ctx, a: Auth): Promise<{ approvalAbove: number }> {
  const row = a.company ? await companyById(ctx.database.db, a.company.id) : undefined;
  if (!row) throw new AppError('NO_ACTIVE_COMPANY');
  return { approvalAbove: row.decisionApprovalAbove };
}

/** Its administrators set it (recorded in nothing else: the tenders' history names each request and answer). */
export async function saveDecisionSettings(ctx: Ctx, a: Auth, approvalAbove: number): Promise<void> {
  if (!a.company) throw new AppError('NO_ACTIVE_COMPANY');
  await ctx.database.db
    .update(companies)
    .set({ decisionApprovalAbove: approvalAbove, updatedAt: new Date() })
    .where(eq(companies.id, a.company.id));
}

/** A company the caller may see: approved, or one they are a member of, or any for an admin. */
export async function visibleCompany(ctx: Ctx, a: Auth | null, id: number): Promise<CompanyRow> {
  const row = await companyById(ctx.database.db, id);
  const visible =
    row &&
    (row.status === 'approved' ||
      a?.user.isAdmin ||
      a?.company?.id === row.id ||
      (a && (await isMemberOf(ctx.database.db, row.id, a.user.id))));
  if (!row || !visible) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

/**
 * Updates the company the caller's session acts for (the route admits its administrators), or registers one for a
 * person acting as themselves (they become its first member, with every role): its services, location and logo
 * checked, then pending approval. The logo is a file the caller uploaded themselves.
 */
export function saveMyCompany(
  ctx: Ctx,
  a: Auth,
  b: v.InferOutput<typeof CompanyBody>,
  changed: () => void,
): Promise<CompanyRow> {
  return inTx(ctx, async (tx, after) => {
    after(changed);
    const existing = a.company ? await companyById(tx, a.company.id) : undefined;
    if (a.company && !existing) throw new AppError('COMPANY_NOT_FOUND');
    // A retired service or location the company already has stays; a new one must be offered now.
    const offered = existing?.serviceIds ?? [];
    await checkServicesUsable(tx, b.serviceIds, offered);
    if (b.locationId != null) await checkLocationUsable(tx, b.locationId, existing?.locationId);
    let logoUrl = existing?.logoUrl ?? null;
    if (b.logoFileId === null) logoUrl = null;
    else if (b.logoFileId) {
      const f = await ownLogo(tx, a.user.id, b.logoFileId);
      if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'logoFileId');
      logoUrl = ctx.apiUrl(filePath(f.id, f.mimeType));
    }
    const orNull = (x: string | null | undefined) => (x ? x : null);
    const name = versionsOf(
      { en: b.nameEn, ar: b.nameAr, legacy: b.name },
      existing && { en: existing.nameEn, ar: existing.nameAr },
    );
    if (!eitherWritten(name)) throw new AppError('NAME_REQUIRED');
    const description = versionsOf(
      { en: b.descriptionEn, ar: b.descriptionAr, legacy: b.description },
      existing && { en: existing.descriptionEn, ar: existing.descriptionAr },
      sanitizeDescription,
    );
    const values = {
      nameEn: name.en,
      nameAr: name.ar,
      descriptionEn: description.en,
      descriptionAr: description.ar,
      logoUrl,
      websiteUrl: orNull(b.website_url),
      facebook: orNull(b.facebook),
      twitter: orNull(b.twitter),
      linkedin: orNull(b.linkedin),
      google: orNull(b.google),
      skype: orNull(b.skype),
      locationId: b.locationId ?? null,
      status: 'pending',
      updatedAt: new Date(),
    };
    const [saved] = existing
      ? await tx.update(companies).set(values).where(eq(companies.id, existing.id)).returning()
      : await tx
          .insert(companies)
          .values({ ...values, ownerId: (await registeredBy(tx, a.user.id)) ? null : a.user.id })
          .returning();
    if (!saved) throw new AppError('INTERNAL');
    if (!existing) {
      // Whoever registers a company is its first member, with every role; their open sessions act for it.
      await tx
        .insert(companyMembers)
        .values({ companyId: saved.id, userId: a.user.id, roles: [...FOUNDER_ROLES] });
      await tx
        .update(sessions)
        .set({ companyId: saved.id })
        .where(and(eq(sessions.userId, a.user.id), isNull(sessions.companyId), isNull(sessions.revokedAt)));
    }
    await refreshCompanySearch(tx, [saved.id]);
    await tx.delete(companyServices).where(eq(companyServices.companyId, saved.id));
    await tx
      .insert(companyServices)
      .values([...new Set(b.serviceIds)].map((serviceId) => ({ companyId: saved.id, serviceId })));
    await notify(ctx, tx, after, [{ userId: a.user.id, ...COMPANY_NOTICES.submitted(saved) }]);
    // Read again: the database copied the services just written into the row (companies.service_ids).
    const withServices = await companyById(tx, saved.id);
    if (!withServices) throw new AppError('INTERNAL');
    return withServices;
  });
}

/** Admins: every company, pending first; each word of `search` matches the name, a service or the location. */
export function adminCompanies(ctx: Ctx, q: v.InferOutput<typeof AdminCompanyListQuery>) {
  return companyPage(ctx.database.db, q);
}

/**
 * An admin approves or rejects a company (saying why: kept and told); its administrators are told, and the admin
 * audit log keeps who did it.
 */
export function decideCompany(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  decision: Decision,
  changed: () => void,
  reason: string | null = null,
): Promise<CompanyRow> {
  return inTx(ctx, async (tx, after) => {
    after(changed);
    if (decision === 'approve') {
      // A company without a service would be listed under no category: nobody could ever find it.
      if (!(await offersAService(tx, id))) {
        const exists = (await companyById(tx, id)) !== undefined;
        throw new AppError(exists ? 'COMPANY_WITHOUT_SERVICES' : 'COMPANY_NOT_FOUND');
      }
    }
    const [c] = await tx
      .update(companies)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        rejectionReason: decision === 'reject' ? reason : null,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id))
      .returning();
    if (!c) throw new AppError('COMPANY_NOT_FOUND');
    await recordAdminAction(tx, admin, {
      action: decision === 'approve' ? 'company.approve' : 'company.reject',
      target: { type: 'company', id: c.id, label: c.nameEn ?? c.nameAr ?? '' },
      reason,
    });
    const notice =
      decision === 'approve' ? COMPANY_NOTICES.approved(c) : COMPANY_NOTICES.rejected(c, reason ?? '');
    await notify(ctx, tx, after, noticeTo(await concerned(tx, { companyId: c.id }, 'admin'), notice));
    return c;
  });
}
