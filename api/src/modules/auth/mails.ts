import { linkMail, type Mail } from '../../lib/mail.ts';

/** Every mail of the account flows, one line per event, English and Arabic side by side (one link each). */
export const AUTH_MAILS = {
  /** After registration: set a first password. */
  welcome: (to: string, name: string, link: string): Mail =>
    linkMail(
      to,
      'Welcome to Bawaba — set your password',
      `Hello ${name}, welcome to Bawaba. Open this link to set your password:`,
      'مرحباً بك في بوابة. افتح الرابط لتعيين كلمة المرور.',
      'Set my password',
      link,
    ),
  /** Forgot password: choose a new one. */
  reset: (to: string, link: string): Mail =>
    linkMail(
      to,
      'Bawaba — reset your password',
      'Open this link to choose a new password:',
      'افتح الرابط لاختيار كلمة مرور جديدة.',
      'Choose a new password',
      link,
    ),
} as const;
