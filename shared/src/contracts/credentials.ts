import * as v from 'valibot';
import { IntLike, IsoDate } from './common.ts';

/**
 * A company's credentials (docs/product-decisions.md "Credentials"): documents an administrator of the company
 * uploads with their dates, a platform admin verifies, and the directory shows as dated badges while verified and
 * not expired. A tender may require kinds of them to bid.
 */
export const CREDENTIAL_KINDS = [
  'commercial_registration',
  'tax_card',
  'iso_certificate',
  'classification_certificate',
  'other',
] as const;
export const CredentialKind = v.picklist(CREDENTIAL_KINDS, 'Choose a kind of credential.');
export type CredentialKind = v.InferOutput<typeof CredentialKind>;

/** pending (uploaded, waiting for an admin) → verified | rejected; verified → expired once its expiry date passed. */
export const CREDENTIAL_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;
export const CredentialStatus = v.picklist(CREDENTIAL_STATUSES, 'Unknown credential status.');
export type CredentialStatus = v.InferOutput<typeof CredentialStatus>;

const shortText = (required: string, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(200, tooLong));

/** POST /credentials: a new credential of the session's company (its administrators). */
export const CredentialBody = v.pipe(
  v.object({
    kind: CredentialKind,
    /** Its number or title ("CR 123456", "ISO 9001:2015"). */
    title: shortText('Write the number or title.', 'A number or title is at most 200 characters.'),
    issuer: shortText('Write who issued it.', 'An issuer is at most 200 characters.'),
    issuedOn: IsoDate('Enter the issue date.'),
    expiresOn: IsoDate('Enter the expiry date.'),
    /** An upload of purpose `credential-document` by the caller. */
    fileId: v.pipe(v.string('Attach the document.'), v.uuid('Attach the document.')),
  }),
  v.forward(
    v.check(
      (b) => b.expiresOn.slice(0, 10) > b.issuedOn.slice(0, 10),
      'The expiry date must be after the issue date.',
    ),
    ['expiresOn'],
  ),
);
export type CredentialBody = v.InferInput<typeof CredentialBody>;

export const CredentialParams = v.object({ id: IntLike });

export const AdminCredentialQuery = v.object({
  status: v.optional(CredentialStatus, 'pending'),
});

/** A credential as its company's administrators and the platform admins read it. */
export const Credential = v.object({
  id: v.number(),
  kind: CredentialKind,
  title: v.string(),
  issuer: v.string(),
  /** yyyy-mm-dd */
  issuedOn: v.string(),
  /** yyyy-mm-dd: the last day it is valid (it expires at the end of this day in Qatar time). */
  expiresOn: v.string(),
  status: CredentialStatus,
  /** The admin's reason while rejected, else null. */
  rejectionReason: v.nullable(v.string()),
  file: v.object({ id: v.string(), url: v.string(), name: v.string() }),
  verifiedAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Credential = v.InferOutput<typeof Credential>;

/** A credential in the admins' verification queue: with its company. */
export const AdminCredential = v.object({
  ...Credential.entries,
  company: v.object({ id: v.number(), name: v.string() }),
});
export type AdminCredential = v.InferOutput<typeof AdminCredential>;

/**
 * A verified, unexpired credential as the directory and the company page show it. For anonymous callers (masked
 * companies) `title` and `issuer` are null: they are typed by the company and may name it.
 */
export const CredentialBadge = v.object({
  kind: CredentialKind,
  title: v.nullable(v.string()),
  issuer: v.nullable(v.string()),
  issuedOn: v.string(),
  expiresOn: v.string(),
});
export type CredentialBadge = v.InferOutput<typeof CredentialBadge>;
