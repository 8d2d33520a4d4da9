import * as v from 'valibot';

/**
 * The contact form (spec §2 Contact-us: name, email, phone, subject, message). The API has no contact
 * endpoint, so the form composes an email to the back-office address (mailto:) — the honest way to send it
 * without pretending a server received it.
 */
const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

export const ContactForm = v.object({
  name: v.pipe(required('Name is required.'), v.maxLength(120)),
  email: v.pipe(
    required('Email is required.'),
    v.email('Please enter a valid email address.'),
    v.maxLength(254, 'Please enter a valid email address.'),
  ),
  phone: v.pipe(
    required('Phone is required.'),
    v.regex(/^\d+$/, 'Phone must contain digits only.'),
    v.maxLength(20),
  ),
  subject: v.pipe(required('Subject is required.'), v.maxLength(200)),
  message: v.pipe(required('Message is required.'), v.maxLength(2000)),
});
export type ContactForm = v.InferInput<typeof ContactForm>;

export function contactMailto(
  to: string,
  form: ContactForm,
  labels: { name: string; email: string; phone: string },
): string {
  const body = [
    form.message.trim(),
    '',
    '—',
    `${labels.name}: ${form.name.trim()}`,
    `${labels.email}: ${form.email.trim()}`,
    `${labels.phone}: ${form.phone.trim()}`,
  ].join('\n');
  return `mailto:${encodeURIComponent(to).replace('%40', '@')}?subject=${encodeURIComponent(form.subject.trim())}&body=${encodeURIComponent(body)}`;
}
