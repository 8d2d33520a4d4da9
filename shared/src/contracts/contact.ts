import * as v from 'valibot';

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** POST /contact — the contact-us form (docs/product-spec.md §2: name, email, phone, subject, message). */
export const ContactBody = v.object({
  name: v.pipe(required('Name is required.'), v.maxLength(120, 'Name must be at most 120 characters.')),
  email: v.pipe(
    required('Email is required.'),
    v.email('Please enter a valid email address.'),
    v.maxLength(254, 'Please enter a valid email address.'),
  ),
  phone: v.pipe(
    required('Phone is required.'),
    v.regex(/^\d+$/, 'Phone must contain digits only.'),
    v.maxLength(20, 'Phone number is too long.'),
  ),
  subject: v.pipe(
    required('Subject is required.'),
    v.maxLength(200, 'Subject must be at most 200 characters.'),
  ),
  message: v.pipe(
    required('Message is required.'),
    v.maxLength(2000, 'Message must be at most 2000 characters.'),
  ),
});
export type ContactBody = v.InferInput<typeof ContactBody>;
