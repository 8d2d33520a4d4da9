import type { AdminCredential, Credential, CredentialBadge, CredentialKind } from '@bawaba/shared/contracts';
import type { Lang } from '../../errors.ts';
import { filePath } from '../../lib/fileurl.ts';
import { iso, nameIn } from '../../lib/localize.ts';
import type { badgeRows, CredentialWithCompany, CredentialWithFile } from './queries.ts';

/** A credential as its company's administrators and the admins read it. */
export const credentialOut = (apiUrl: (p: string) => string, c: CredentialWithFile): Credential => ({
  id: c.id,
  kind: c.kind as CredentialKind,
  title: c.title,
  issuer: c.issuer,
  issuedOn: c.issuedOn,
  expiresOn: c.expiresOn,
  status: c.status as Credential['status'],
  rejectionReason: c.status === 'rejected' ? c.rejectionReason : null,
  file: { id: c.file.id, url: apiUrl(filePath(c.file.id, c.file.mimeType)), name: c.file.originalName },
  verifiedAt: iso(c.verifiedAt),
  createdAt: c.createdAt.toISOString(),
});

export const adminCredentialOut = (
  apiUrl: (p: string) => string,
  l: Lang,
  c: CredentialWithCompany,
): AdminCredential => ({
  ...credentialOut(apiUrl, c),
  company: { id: c.company.id, name: nameIn(l, c.company) },
});

type BadgeRow = Awaited<ReturnType<typeof badgeRows>>[number];

/** A badge; for a masked company (anonymous callers) without the texts the company typed, which may name it. */
export const badgeOut = (b: BadgeRow, masked: boolean): CredentialBadge => ({
  kind: b.kind as CredentialKind,
  title: masked ? null : b.title,
  issuer: masked ? null : b.issuer,
  issuedOn: b.issuedOn,
  expiresOn: b.expiresOn,
});
