import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

type DocOpts = {
  body?: GenericSchema;
  query?: GenericSchema;
  params?: GenericSchema;
  auth?: boolean | 'optional';
  description?: string;
  consumes?: string[];
};

const convert = (s: GenericSchema) => {
  const json = toJsonSchema(s, { errorMode: 'ignore', typeMode: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
};

/**
 * Route schema for the OpenAPI document, generated from the same valibot schemas the handlers parse with.
 * Fastify does not validate with it (see the no-op validator compiler in app.ts): valibot does, in the handler.
 */
export function doc(tag: string, summary: string, o: DocOpts = {}) {
  const schema: Record<string, unknown> = { tags: [tag], summary };
  if (o.description) schema.description = o.description;
  if (o.body) schema.body = convert(o.body);
  if (o.query) schema.querystring = convert(o.query);
  if (o.params) schema.params = convert(o.params);
  if (o.consumes) schema.consumes = o.consumes;
  if (o.auth) schema.security = o.auth === 'optional' ? [{ bearer: [] }, {}] : [{ bearer: [] }];
  return schema;
}
