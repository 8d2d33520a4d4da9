import { contractMessageIn, INVALID_VALUE, isKnownMessage } from '@bawaba/shared/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError, ERRORS, errorBody, type Lang, langOf } from './errors.ts';

export type FieldIssue = { field: string; message: string };

export class ValidationError extends AppError {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    const first = issues[0];
    super('VALIDATION_FAILED', first ? `${first.field}: ${first.message}` : undefined);
    this.issues = issues;
  }
}

function issuesOf(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((i) => ({
    field: v.getDotPath(i) ?? '(body)',
    message: i.message,
  }));
}

type Shape = {
  type?: string;
  entries?: Record<string, Shape>;
  pipe?: Shape[];
  item?: Shape;
  wrapped?: Shape;
};

function entriesOf(s: Shape | undefined): Record<string, Shape> | undefined {
  if (!s) return undefined;
  if (s.entries) return s.entries;
  if (s.wrapped) return entriesOf(s.wrapped);
  if (s.pipe?.[0] && s.pipe[0] !== s) return entriesOf(s.pipe[0]);
  return undefined;
}
function itemOf(s: Shape | undefined): Shape | undefined {
  if (!s) return undefined;
  if (s.type === 'array') return s.item;
  if (s.wrapped) return itemOf(s.wrapped);
  if (s.pipe?.[0] && s.pipe[0] !== s) return itemOf(s.pipe[0]);
  return undefined;
}

/**
 * Missing keys become present-but-undefined, so the field's own message ("Title is required.") is reported
 * instead of valibot's generic "Invalid key" for absent keys.
 */
function fillKeys(schema: Shape | undefined, input: unknown): unknown {
  const entries = entriesOf(schema);
  if (entries && input && typeof input === 'object' && !Array.isArray(input)) {
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [k, sub] of Object.entries(entries)) out[k] = fillKeys(sub, out[k]);
    return out;
  }
  const item = itemOf(schema);
  if (item && Array.isArray(input)) return input.map((x) => fillKeys(item, x));
  return input;
}

/**
 * Parses with a valibot schema; a failure becomes a 422 naming the field. The output holds only the keys the
 * caller sent (a partial update changes only what it names); the missing keys are filled in only to word a
 * refusal.
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const sent = v.safeParse(schema, input ?? {});
  if (sent.success) return sent.output;
  const r = v.safeParse(schema, fillKeys(schema as Shape, input ?? {}));
  throw new ValidationError(issuesOf(r.success ? sent.issues : r.issues));
}

export const lang = (req: FastifyRequest): Lang => langOf(req.headers['accept-language']);

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors`): a malformed URL (`%ZZ`) or a path
 * parameter over 100 characters. Answered in the API's format and language instead of Fastify's English.
 */
export function frameworkError(err: { code?: string }, req: FastifyRequest, reply: FastifyReply) {
  const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST';
  return reply.code(ERRORS[code].status).send(errorBody(code, lang(req)));
}

/**
 * A field's message as a client may show it, in the caller's language: a message of the one table
 * (shared/src/contracts/messages.ts: the contracts', the API's own checks'), else — valibot's own wording of a
 * check without a message — INVALID_VALUE.
 */
function fieldMessage(message: string, l: Lang): string {
  return contractMessageIn(isKnownMessage(message) ? message : INVALID_VALUE, l);
}

/** A 422: every issue's message in the caller's language, the first one also in `message`. */
export function validationBody(err: ValidationError, l: Lang) {
  const issues = err.issues.map((i) => ({ field: i.field, message: fieldMessage(i.message, l) }));
  const first = issues[0];
  const detail = first ? `${first.field}: ${first.message}` : ERRORS.VALIDATION_FAILED[l];
  return {
    statusCode: 422,
    error: 'Unprocessable Entity',
    message: l === 'ar' ? `${ERRORS.VALIDATION_FAILED.ar} — ${detail}` : detail,
    code: 'VALIDATION_FAILED',
    issues,
  };
}

export function paged<T>(items: T[], totalItems: number, limit: number) {
  return { items, totalItems, pageCount: Math.max(1, Math.ceil(totalItems / limit)) };
}
