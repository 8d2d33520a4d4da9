import * as v from 'valibot';
import { MemberCompany } from './member-roles.ts';
import { optionalTextReference } from './texts.ts';

export const Email = (required = 'Email is required.', invalid = 'Please enter a valid email address.') =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.email(invalid), v.maxLength(254, invalid));

export const NewPassword = v.pipe(
  v.string('New Password is required.'),
  v.nonEmpty('New Password is required.'),
  v.minLength(6, 'Password must be at least 6 characters long.'),
  v.maxLength(200, 'Password is too long.'),
);
export const ConfirmPassword = v.pipe(
  v.string('Confirm Password is required.'),
  v.nonEmpty('Confirm Password is required.'),
);

const Pw = { newPassword: NewPassword, confirmPassword: ConfirmPassword };

/**
 * The confirmation must repeat the new password; the issue is reported on the confirmation field. A partial check,
 * so the form shows it beside the other fields' issues. Typed by the object it is piped after.
 */
export const passwordsMatch = <TInput extends Record<string, unknown>>() =>
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']] as never,
      ((x: Record<string, unknown>) => x.newPassword === x.confirmPassword) as never,
      'Passwords do not match.',
    ),
    ['confirmPassword'] as never,
  ) as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<Record<string, unknown>>>;

/** POST /auth/register — sends a verification mail with a /set-password?verificationToken=… link. */
export const RegisterBody = v.object({
  name: v.pipe(
    v.string('Name is required.'),
    v.trim(),
    v.nonEmpty('Name is required.'),
    v.maxLength(120, 'Name must be at most 120 characters.'),
  ),
  email: Email(),
  /**
   * Accepted from older sign-up forms and not used: a company is created only with its complete profile, services
   * included (PUT /companies/mine; docs/product-decisions.md "Companies").
   */
  companyName: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Company name must be at most 200 characters.')),
  ),
});
export type RegisterBody = v.InferInput<typeof RegisterBody>;

/** POST /auth/set-password (docs/product-spec.md §5 messages). */
export const SetPasswordBody = v.pipe(
  v.object({
    verificationToken: v.pipe(
      v.string('Invalid or missing verification token.'),
      v.nonEmpty('Invalid or missing verification token.'),
    ),
    ...Pw,
  }),
  passwordsMatch(),
);
export type SetPasswordBody = v.InferInput<typeof SetPasswordBody>;

/** The set-password form itself (the token comes from the query string, not from a field). */
export const SetPasswordForm = v.pipe(v.object(Pw), passwordsMatch());
export type SetPasswordForm = v.InferInput<typeof SetPasswordForm>;

export const LoginBody = v.object({
  email: Email(),
  password: v.pipe(
    v.string('Password is required.'),
    v.nonEmpty('Password is required.'),
    v.maxLength(200, 'Password is too long.'),
  ),
});
export type LoginBody = v.InferInput<typeof LoginBody>;

export const ForgotPasswordBody = v.object({ email: Email() });
export type ForgotPasswordBody = v.InferInput<typeof ForgotPasswordBody>;

export const ChangePasswordBody = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string('Current Password is required.'),
      v.nonEmpty('Current Password is required.'),
      v.maxLength(200, 'Password is too long.'),
    ),
    ...Pw,
  }),
  passwordsMatch(),
);
export type ChangePasswordBody = v.InferInput<typeof ChangePasswordBody>;

/** The user object in login / set-password / change-password responses and GET /users/me. */
/** The site's languages; a user's is the one they chose (at registration, then with the language switch): mails use it. */
export const UserLanguage = v.picklist(['en', 'ar'], 'Language is en or ar.');

/**
 * The groups of marketplace events a user chooses email for (every event is always in-app): service requests and
 * one's company, tenders in followed services, one's own tenders, one's proposals and interests.
 */
export const NOTICE_GROUPS = ['requests', 'followed', 'my_tenders', 'my_proposals'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

/** In-app only (false) or in-app + email (true), per group. */
export const EmailPrefs = v.object({
  requests: v.boolean(),
  followed: v.boolean(),
  my_tenders: v.boolean(),
  my_proposals: v.boolean(),
});
export type EmailPrefs = v.InferOutput<typeof EmailPrefs>;

/**
 * How the user wants numbers and dates shown (shared/src/rules/display-prefs.ts): the digits ('auto' = the
 * language's own) and, on Arabic pages, which calendar comes first.
 */
export const DisplayPrefs = v.object({
  digits: v.picklist(['auto', 'arab', 'latn'], 'Digits are auto, arab or latn.'),
  dateOrder: v.picklist(['gregorian_first', 'hijri_first'], 'Date order is gregorian_first or hijri_first.'),
});
export type DisplayPrefs = v.InferOutput<typeof DisplayPrefs>;

export const AuthUser = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  isAdmin: v.boolean(),
  imageUrl: v.nullable(v.string()),
  /** The active company's name (null without one), and the language it is in. */
  ...optionalTextReference('companyName'),
  /** Whether the session acts for a company. */
  hasCompany: v.boolean(),
  language: UserLanguage,
  emailPrefs: EmailPrefs,
  /** Absent: the defaults (DEFAULT_DISPLAY_PREFS). */
  displayPrefs: v.optional(DisplayPrefs),
  /** The companies the user belongs to, with their roles (docs/decisions/0011-organisations.md). */
  companies: v.optional(v.array(MemberCompany)),
  /** The company this session acts for (one of `companies`), or null. */
  activeCompanyId: v.optional(v.nullable(v.number())),
});
export type AuthUser = v.InferOutput<typeof AuthUser>;

export const AuthResponse = v.object({ accessToken: v.string(), user: AuthUser });
export type AuthResponse = v.InferOutput<typeof AuthResponse>;

/** PATCH /users/me. `imageFileId`: id of a file uploaded with purpose `avatar` (null removes the photo). */
export const UpdateProfileBody = v.object({
  name: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Name is required.'),
      v.maxLength(120, 'Name must be at most 120 characters.'),
    ),
  ),
  imageFileId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('Invalid file id')))),
  language: v.optional(UserLanguage),
  /** The groups to change; the others keep their choice. */
  emailPrefs: v.optional(v.partial(EmailPrefs)),
  /** The choices to change; the others stay. */
  displayPrefs: v.optional(v.partial(DisplayPrefs)),
});
export type UpdateProfileBody = v.InferInput<typeof UpdateProfileBody>;
