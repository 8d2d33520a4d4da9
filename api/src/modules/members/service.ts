import type {
  AuthResponse,
  InviteMemberBody,
  JoinCompanyBody,
  Member,
  MemberList,
  MemberRole,
  PendingInvitation,
} from '@bawaba/shared/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, companyInvitations, companyMembers, sessions, users } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import {
  type ActiveCompany,
  type Auth,
  hashPassword,
  randomToken,
  sha256,
  signedIn,
} from '../../lib/auth.ts';
import { textIn } from '../../lib/localize.ts';
import { enqueueMail } from '../../lib/mail-outbox.ts';
import { type After, inTx } from '../../lib/tx.ts';
import { invitationMail } from './mails.ts';
import {
  adminCount,
  companyNames,
  type InvitationRow,
  memberOf,
  membersOf,
  pendingInvitation,
  pendingInvitationsOf,
  userByEmail,
} from './queries.ts';
import { invitationOut, memberOut, rolesOf } from './serializers.ts';

/**
 * The member rules (docs/decisions/0011-organisations.md): administrators invite, change roles and remove; the
 * last administrator can neither leave, be removed nor lose `admin` — every change of membership first locks the
 * company row, so concurrent changes run one after the other and each counts the administrators the previous one
 * left; a removed member's sessions acting for the company end at once; an invitation's link works once, for its
 * address, until it expires (INVITATION_DAYS) or is resent or cancelled. The reads are in queries.ts.
 */

const INVITATION_DAYS = 7;
type Member_ = Auth & { company: ActiveCompany };
type In<S extends v.GenericSchema> = v.InferOutput<S>;

/** Locks the company row: membership changes of one company are serialized here. */
async function lockCompany(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/**
 * Locks the company and checks, under the lock, that the caller is still one of its administrators (their
 * session was checked before a concurrent change may have taken the role away).
 */
async function lockAsAdmin(tx: Tx, a: Member_) {
  await lockCompany(tx, a.company.id);
  const self = await memberOf(tx, a.company.id, a.user.id);
  if (!self?.roles.includes('admin')) throw new AppError('COMPANY_ROLE_REQUIRED');
}

export async function listMembers(ctx: Ctx, a: Member_): Promise<MemberList> {
  const rows = await membersOf(ctx.database.db, a.company.id);
  return { members: rows.map((m) => memberOut(m, a.user.id)), yourRoles: a.company.roles };
}

export async function invitations(ctx: Ctx, a: Member_): Promise<PendingInvitation[]> {
  return (await pendingInvitationsOf(ctx.database.db, a.company.id)).map((i) => invitationOut(i));
}

/** Writes the invitation's mail (in the invitee's language) with a new link, in the transaction. */
async function mailInvitation(
  ctx: Ctx,
  tx: Tx,
  after: After,
  inv: { email: string; roles: MemberRole[]; language: Lang; companyId: number },
  inviter: string,
  token: string,
) {
  const account = await userByEmail(tx, inv.email);
  const language: Lang = account ? (account.language === 'ar' ? 'ar' : 'en') : inv.language;
  const names = await companyNames(tx, inv.companyId);
  const link = ctx.site(`/accept-invitation?token=${encodeURIComponent(token)}`);
  const mail = invitationMail(inv.email, language, {
    company: textIn(language, names?.nameEn, names?.nameAr),
    inviter,
    roles: inv.roles,
    link,
    days: INVITATION_DAYS,
  });
  await enqueueMail(tx, account?.id ?? null, mail);
  after(() => ctx.mail.kick());
}

const expiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000);

export function invite(
  ctx: Ctx,
  a: Member_,
  body: In<typeof InviteMemberBody>,
  lang: Lang,
): Promise<PendingInvitation> {
  const email = body.email.toLowerCase();
  return inTx(ctx, async (tx, after) => {
    await lockAsAdmin(tx, a);
    const account = await userByEmail(tx, email);
    if (account && (await memberOf(tx, a.company.id, account.id))) throw new AppError('ALREADY_MEMBER');
    const pending = (await pendingInvitationsOf(tx, a.company.id)).find((i) => i.email === email);
    if (pending && pending.expiresAt.getTime() > Date.now()) throw new AppError('ALREADY_INVITED_MEMBER');
    // An expired invitation to the same address gives way to the new one.
    if (pending)
      await tx
        .update(companyInvitations)
        .set({ cancelledAt: new Date() })
        .where(eq(companyInvitations.id, pending.id));
    const token = randomToken();
    const language = body.language ?? lang;
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        companyId: a.company.id,
        email,
        roles: body.roles,
        language,
        tokenHash: sha256(token),
        invitedBy: a.user.id,
        expiresAt: expiry(),
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await mailInvitation(
      ctx,
      tx,
      after,
      { email, roles: body.roles, language, companyId: a.company.id },
      a.user.name,
      token,
    );
    return invitationOut(row);
  });
}

/** A new link and expiry for a pending invitation (the old link stops working), mailed again. */
export function resend(ctx: Ctx, a: Member_, id: number): Promise<PendingInvitation> {
  return inTx(ctx, async (tx, after) => {
    const inv = await pendingInvitation(tx, a.company.id, id);
    if (!inv) throw new AppError('INVITATION_NOT_FOUND');
    const token = randomToken();
    const [row] = await tx
      .update(companyInvitations)
      .set({ tokenHash: sha256(token), expiresAt: expiry(), sentAt: new Date() })
      .where(eq(companyInvitations.id, inv.id))
      .returning();
    if (!row) throw new AppError('INVITATION_NOT_FOUND');
    const language: Lang = row.language === 'ar' ? 'ar' : 'en';
    await mailInvitation(ctx, tx, after, { ...row, roles: rolesOf(row.roles), language }, a.user.name, token);
    return invitationOut(row);
  });
}

export async function cancel(ctx: Ctx, a: Member_, id: number): Promise<void> {
  const [row] = await ctx.database.db
    .update(companyInvitations)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.companyId, a.company.id),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.cancelledAt),
      ),
    )
    .returning({ id: companyInvitations.id });
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
}

/** Refuses a change that would leave the company without an administrator (the company row is locked). */
async function keepAnAdmin(tx: Tx, companyId: number, member: { roles: string[] }, staysAdmin: boolean) {
  if (member.roles.includes('admin') && !staysAdmin && (await adminCount(tx, companyId)) <= 1)
    throw new AppError('LAST_ADMIN');
}

export function changeRoles(ctx: Ctx, a: Member_, userId: number, roles: MemberRole[]): Promise<Member> {
  return inTx(ctx, async (tx) => {
    await lockAsAdmin(tx, a);
    const m = await memberOf(tx, a.company.id, userId);
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    await keepAnAdmin(tx, a.company.id, m, roles.includes('admin'));
    await tx
      .update(companyMembers)
      .set({ roles })
      .where(and(eq(companyMembers.companyId, a.company.id), eq(companyMembers.userId, userId)));
    return memberOut({ ...m, roles }, a.user.id);
  });
}

/** Takes the member out of the company (locked); their sessions acting for it end (open pages get a 401). */
async function takeOut(tx: Tx, companyId: number, userId: number) {
  const m = await memberOf(tx, companyId, userId);
  if (!m) throw new AppError('MEMBER_NOT_FOUND');
  await keepAnAdmin(tx, companyId, m, false);
  await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.companyId, companyId), isNull(sessions.revokedAt)));
}

export function remove(ctx: Ctx, a: Member_, userId: number): Promise<void> {
  return inTx(ctx, async (tx) => {
    await lockAsAdmin(tx, a);
    await takeOut(tx, a.company.id, userId);
  });
}

/** The caller leaves the active company and gets a session in their next company (or none). */
export function leave(ctx: Ctx, a: Member_): Promise<AuthResponse> {
  return inTx(ctx, async (tx) => {
    await lockCompany(tx, a.company.id);
    await takeOut(tx, a.company.id, a.user.id);
    return signedIn(ctx, tx, a.user);
  });
}

/** A live invitation by its link's token (locked when `lock`), or the refusal that says why not. */
async function liveInvitation(tx: Tx, token: string, lock: boolean): Promise<InvitationRow> {
  const q = tx
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, sha256(token)));
  const [inv] = lock ? await q.for('update') : await q;
  if (!inv || inv.acceptedAt || inv.cancelledAt) throw new AppError('INVITATION_NOT_FOUND');
  if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('INVITATION_EXPIRED');
  return inv;
}

export function preview(ctx: Ctx, token: string, lang: Lang) {
  return inTx(ctx, async (tx) => {
    const inv = await liveInvitation(tx, token, false);
    const names = await companyNames(tx, inv.companyId);
    return {
      companyName: textIn(lang, names?.nameEn, names?.nameAr),
      email: inv.email,
      roles: rolesOf(inv.roles),
      hasAccount: (await userByEmail(tx, inv.email)) !== undefined,
    };
  });
}

/**
 * Accepts an invitation: the signed-in user with the invited address joins; a visitor whose address has no
 * account gets one (verified: the link proved the address) and joins; either way a new session acts for the
 * company.
 */
export async function join(
  ctx: Ctx,
  a: Auth | null,
  body: In<typeof JoinCompanyBody>,
): Promise<AuthResponse> {
  const hashed = !a && body.password ? await hashPassword(body.password) : null;
  return inTx(ctx, async (tx) => {
    const inv = await liveInvitation(tx, body.token, true);
    let user = a?.user;
    if (user) {
      if (user.email !== inv.email || user.isAdmin) throw new AppError('INVITATION_OTHER_EMAIL');
    } else {
      if (await userByEmail(tx, inv.email)) throw new AppError('SIGN_IN_TO_JOIN');
      if (!body.name || !hashed) throw new AppError('NAME_AND_PASSWORD_REQUIRED');
      [user] = await tx
        .insert(users)
        .values({
          name: body.name,
          email: inv.email,
          passwordHash: hashed,
          verified: true,
          language: inv.language,
        })
        .returning();
      if (!user) throw new AppError('INTERNAL');
    }
    await lockCompany(tx, inv.companyId);
    await tx
      .insert(companyMembers)
      .values({ companyId: inv.companyId, userId: user.id, roles: inv.roles, invitedBy: inv.invitedBy })
      .onConflictDoNothing();
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(companyInvitations.id, inv.id));
    return signedIn(ctx, tx, user, inv.companyId);
  });
}

/** A new session acting for another of the caller's companies. */
export async function switchCompany(ctx: Ctx, a: Auth, companyId: number): Promise<AuthResponse> {
  const db = ctx.database.db;
  if (!(await memberOf(db, companyId, a.user.id))) throw new AppError('COMPANY_NOT_FOUND');
  return signedIn(ctx, db, a.user, companyId);
}
