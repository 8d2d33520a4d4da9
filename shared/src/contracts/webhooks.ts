import * as v from 'valibot';
import { IntLike, Paged } from './common.ts';

/**
 * A company's signed webhooks (docs/api/webhooks.md, docs/decisions/0018-webhooks.md): its administrators subscribe
 * an address to events about what the company may see; each event is POSTed as JSON signed the Standard Webhooks
 * way, retried with back-off, and kept in a delivery log.
 */

/**
 * What a company may subscribe to, each only ever about what it may see:
 * - as a tender's owner: `tender.question_asked` (a bidder asked a question on its tender), `tender.bids_opened`
 *   (its tender's deadline passed: the proposals received), `tender.awarded` (its tender's award became final);
 * - as a bidder: `proposal.outcome` (the award of a tender it bid on became final: won or not), `tender.amended` (a
 *   tender it bid on or registered interest in was amended), `tender.answered` (a question on such a tender was
 *   answered publicly);
 * - as a contract's party (buyer or supplier): `contract.*`, one per line of the contract's history;
 *   `contract.variation` covers a variation proposed, accepted, rejected or withdrawn (`data.action`);
 * - `webhook.test`: sent on demand from the subscription's page.
 */
/** The events a company subscribes to, by the side of it they concern (the account area's form groups them so). */
export const WEBHOOK_EVENT_GROUPS = {
  owner: ['tender.question_asked', 'tender.bids_opened', 'tender.awarded'],
  bidder: ['proposal.outcome', 'tender.amended', 'tender.answered'],
  contract: [
    'contract.created',
    'contract.accepted',
    'contract.activated',
    'contract.milestone_submitted',
    'contract.milestone_changes_requested',
    'contract.milestone_accepted',
    'contract.milestone_paid',
    'contract.variation',
    'contract.completed',
    'contract.terminated',
  ],
} as const;
export type WebhookEventGroup = keyof typeof WEBHOOK_EVENT_GROUPS;

export const WEBHOOK_EVENT_TYPES = [
  ...WEBHOOK_EVENT_GROUPS.owner,
  ...WEBHOOK_EVENT_GROUPS.bidder,
  ...WEBHOOK_EVENT_GROUPS.contract,
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How many subscriptions a company may have at once (the API refuses one more: 409 WEBHOOK_LIMIT). */
export const MAX_WEBHOOKS_PER_COMPANY = 10;

/** Where a delivery stands: waiting for its first attempt, sent (2xx), failed and due again, or abandoned. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'given_up'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const WebhookEventType = v.picklist(WEBHOOK_EVENT_TYPES, 'Choose events from the list.');

const WebhookUrl = v.pipe(
  v.string('Enter the address to send events to.'),
  v.trim(),
  v.nonEmpty('Enter the address to send events to.'),
  v.maxLength(2000, 'An address is at most 2000 characters.'),
  v.url('Enter a full web address, like https://example.com/hooks.'),
  v.regex(/^https?:\/\//i, 'Enter a full web address, like https://example.com/hooks.'),
);

const WebhookEvents = v.pipe(
  v.array(WebhookEventType, 'Choose at least one event.'),
  v.minLength(1, 'Choose at least one event.'),
  v.check((events) => new Set(events).size === events.length, 'Choose each event once.'),
);

/** POST /companies/:id/webhooks. The API also refuses private addresses and, in production, plain http. */
export const CreateWebhookBody = v.object({ url: WebhookUrl, events: WebhookEvents });
export type CreateWebhookBody = v.InferInput<typeof CreateWebhookBody>;

/** PATCH /companies/:id/webhooks/:webhookId: change the events, or pause (`active: false`) and resume. */
export const UpdateWebhookBody = v.object({
  events: v.optional(WebhookEvents),
  active: v.optional(v.boolean('Active is yes or no.')),
});
export type UpdateWebhookBody = v.InferInput<typeof UpdateWebhookBody>;

/** A subscription as its company's administrators see it (never the secret itself). */
export const WebhookSubscription = v.object({
  id: v.number(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  active: v.boolean(),
  createdAt: v.string(),
  /** The name of the member who created it (null when they have no account any more). */
  createdBy: v.nullable(v.string()),
  /** The secret's last four characters, to tell secrets apart. */
  secretHint: v.string(),
  counts: v.object({ delivered: v.number(), failed: v.number(), pending: v.number() }),
  /** What the caller may do with it (the API checks again). */
  can: v.object({ update: v.boolean(), delete: v.boolean(), rotate: v.boolean(), test: v.boolean() }),
});
export type WebhookSubscription = v.InferOutput<typeof WebhookSubscription>;

/** The signing secret (`whsec_` + base64), answered only when a subscription is created and when it is rotated. */
export const WebhookSecret = v.object({ secret: v.string() });
export type WebhookSecret = v.InferOutput<typeof WebhookSecret>;

/** POST /companies/:id/webhooks answers the subscription and its secret (shown once). */
export const CreatedWebhook = v.object({ webhook: WebhookSubscription, secret: v.string() });
export type CreatedWebhook = v.InferOutput<typeof CreatedWebhook>;

/** The JSON body of every delivery: the event, frozen when it happened. `id` is also the `webhook-id` header. */
export const WebhookPayload = v.object({
  id: v.string(),
  type: v.picklist(WEBHOOK_EVENT_TYPES),
  createdAt: v.string(),
  data: v.record(v.string(), v.unknown()),
});
export type WebhookPayload = v.InferOutput<typeof WebhookPayload>;

/** One event sent (or to be sent) to one subscription, with its last attempt. */
export const WebhookDelivery = v.object({
  id: v.number(),
  /** The event's id (`evt_…`): the `webhook-id` header of every attempt, for the receiver to drop duplicates. */
  eventId: v.string(),
  type: v.picklist(WEBHOOK_EVENT_TYPES),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  /** The HTTP status of the last attempt (null: none yet, or no answer). */
  lastStatusCode: v.nullable(v.number()),
  /** Why the last attempt failed (a timeout, a refused address, …); null when it did not. */
  lastError: v.nullable(v.string()),
  /** When the next attempt is due (null once delivered or given up). */
  nextAttemptAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
  createdAt: v.string(),
  payload: WebhookPayload,
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDelivery>;

export const WebhookDeliveryPage = Paged(WebhookDelivery);
export type WebhookDeliveryPage = v.InferOutput<typeof WebhookDeliveryPage>;

export const WebhookParams = v.object({ id: IntLike, webhookId: IntLike });
export const WebhookDeliveryParams = v.object({ id: IntLike, webhookId: IntLike, deliveryId: IntLike });
