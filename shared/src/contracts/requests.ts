import * as v from 'valibot';
import { Email } from './auth.ts';
import { PageQuery } from './common.ts';
import { textReference } from './texts.ts';

/** POST /requests — the request-service form (docs/product-spec.md §5). */
export const ServiceRequestBody = v.object({
  name: v.pipe(
    v.string('Name is required.'),
    v.trim(),
    v.nonEmpty('Name is required.'),
    v.maxLength(120, 'Name must be at most 120 characters.'),
  ),
  email: Email('Email is required.', 'Please enter a valid email address.'),
  phone: v.pipe(
    v.string('Phone is required.'),
    v.trim(),
    v.nonEmpty('Phone is required.'),
    v.regex(/^\d+$/, 'Phone must contain digits only.'),
    v.maxLength(20, 'Phone number is too long.'),
  ),
  services: v.pipe(
    v.array(
      v.pipe(v.number(), v.integer('Please select at least one service.')),
      'Please select at least one service.',
    ),
    v.minLength(1, 'Please select at least one service.'),
    v.maxLength(50, 'At most 50 services.'),
  ),
  project_title: v.pipe(
    v.string('Project title is required.'),
    v.trim(),
    v.nonEmpty('Project title is required.'),
    v.maxLength(200, 'Project title must be at most 200 characters.'),
  ),
  description: v.pipe(
    v.string('Description is required.'),
    v.trim(),
    v.nonEmpty('Description is required.'),
    v.maxLength(500, 'Description must be at most 500 characters.'),
  ),
  /** Company id. */
  company: v.pipe(v.number('Company is required.'), v.integer('Company is required.')),
});
export type ServiceRequestBody = v.InferInput<typeof ServiceRequestBody>;

export const RequestStatus = v.picklist(['pending', 'approved', 'rejected']);

/**
 * A service request. `email` and `phone` (the requester's contact details) are shown to the receiving company
 * owner only once an admin approved the request; before that they are null for the owner.
 */
export const ServiceRequest = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  project_title: v.string(),
  description: v.string(),
  services: v.array(v.object({ id: v.number(), name: v.string(), nameEn: v.string(), nameAr: v.string() })),
  company: v.object({ id: v.number(), ...textReference('name') }),
  requester: v.object({ id: v.number(), name: v.string() }),
  status: RequestStatus,
  /** Why an admin rejected it (shown to the requester). */
  reason: v.nullable(v.string()),
  createdAt: v.string(),
  decidedAt: v.nullable(v.string()),
});
export type ServiceRequest = v.InferOutput<typeof ServiceRequest>;

/**
 * GET /requests/received: a page of the list, narrowed by `q` — every word must appear (any case) in the
 * requester's name or email, the company's name, a requested service's English or Arabic name, or the request's
 * title or message.
 */
export const ReceivedRequestsQuery = v.object({
  ...PageQuery.entries,
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
});
export type ReceivedRequestsQuery = v.InferInput<typeof ReceivedRequestsQuery>;
