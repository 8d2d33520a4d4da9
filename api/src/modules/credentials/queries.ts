import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, companyCredentials, files } from '../../db/schema.ts';

export type CredentialRow = typeof companyCredentials.$inferSelect;
type FileRef = Pick<typeof files.$inferSelect, 'id' | 'originalName' | 'mimeType'>;
export type CredentialWithFile = CredentialRow & { file: FileRef };
export type CredentialWithCompany = CredentialWithFile & {
  company: { id: number; nameEn: string | null; nameAr: string | null };
};

const withFile = {
  row: companyCredentials,
  file: { id: files.id, originalName: files.originalName, mimeType: files.mimeType },
};

/** A company's credentials, newest first. */
export async function credentialsOfCompany(db: Db | Tx, companyId: number): Promise<CredentialWithFile[]> {
  const rows = await db
    .select(withFile)
    .from(companyCredentials)
    .innerJoin(files, eq(files.id, companyCredentials.fileId))
    .where(eq(companyCredentials.companyId, companyId))
    .orderBy(desc(companyCredentials.createdAt), desc(companyCredentials.id));
  return rows.map((r) => ({ ...r.row, file: r.file }));
}

const withCompany = {
  ...withFile,
  company: { id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr },
};

/** The credentials of one status with their companies, oldest first (the admins' queue). */
export async function credentialsByStatus(db: Db | Tx, status: string): Promise<CredentialWithCompany[]> {
  const rows = await db
    .select(withCompany)
    .from(companyCredentials)
    .innerJoin(files, eq(files.id, companyCredentials.fileId))
    .innerJoin(companies, eq(companies.id, companyCredentials.companyId))
    .where(eq(companyCredentials.status, status))
    .orderBy(asc(companyCredentials.createdAt), asc(companyCredentials.id))
    .limit(500);
  return rows.map((r) => ({ ...r.row, file: r.file, company: r.company }));
}

/** One credential with its company. */
export async function credentialWithCompany(
  db: Db | Tx,
  id: number,
): Promise<CredentialWithCompany | undefined> {
  const [r] = await db
    .select(withCompany)
    .from(companyCredentials)
    .innerJoin(files, eq(files.id, companyCredentials.fileId))
    .innerJoin(companies, eq(companies.id, companyCredentials.companyId))
    .where(eq(companyCredentials.id, id));
  return r && { ...r.row, file: r.file, company: r.company };
}

/**
 * What shows as a badge: verified and not expired now — read by `expires_at`, not by the status the hourly sweep
 * sets, so a badge is gone the moment its credential expires.
 */
const showing = (now: Date | undefined) =>
  and(
    eq(companyCredentials.status, 'verified'),
    now ? gt(companyCredentials.expiresAt, now) : sql`${companyCredentials.expiresAt} > now()`,
  );

/** The statement of `badgeRows`, prepared once per database or transaction (its text is the same for any ids). */
const badgeStatements = new WeakMap<Db | Tx, ReturnType<typeof prepareBadges>>();
const prepareBadges = (db: Db | Tx) =>
  db
    .select({
      companyId: companyCredentials.companyId,
      kind: companyCredentials.kind,
      title: companyCredentials.title,
      issuer: companyCredentials.issuer,
      issuedOn: companyCredentials.issuedOn,
      expiresOn: companyCredentials.expiresOn,
    })
    .from(companyCredentials)
    .where(
      and(sql`${companyCredentials.companyId} = any(${sql.placeholder('ids')}::int[])`, showing(undefined)),
    )
    .orderBy(asc(companyCredentials.expiresOn), asc(companyCredentials.id))
    .prepare('credential_badges');

/**
 * The badges of the companies `ids`, each company's by expiry date: a named statement (parsed once per pooled
 * connection, no query to build per page of the directory).
 */
export function badgeRows(db: Db | Tx, ids: number[]) {
  let statement = badgeStatements.get(db);
  if (!statement) {
    statement = prepareBadges(db);
    badgeStatements.set(db, statement);
  }
  return statement.execute({ ids });
}

/** The kinds of credential a company holds now (verified, not expired), each once. */
export async function heldCredentialKinds(db: Db | Tx, companyId: number, now?: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: companyCredentials.kind })
    .from(companyCredentials)
    .where(and(eq(companyCredentials.companyId, companyId), showing(now)));
  return rows.map((r) => r.kind);
}
