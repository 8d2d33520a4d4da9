/**
 * Walks the valibot schemas exported by shared/src/contracts and lists what a user could see untranslated:
 * a validation action without its own message (valibot would show its default English text, e.g.
 * "Invalid length: Expected <=2000 but received 2001") and a message without Arabic in the one table
 * (shared/src/contracts/messages.ts). Used by scripts/i18n/check.ts (the test command) and its unit test.
 * Plain objects only (no valibot import): it reads the schema objects valibot builds.
 */

/** What the walk needs of a valibot schema or action. */
interface Node {
  kind?: unknown;
  type?: unknown;
  message?: unknown;
  pipe?: unknown;
}

export interface ContractAudit {
  /** Every explicit message found, once each. */
  messages: string[];
  /** `Export.path: action` of each validation action without an explicit message. */
  withoutMessage: string[];
  /** `Export.path: "message"` of each message that has no Arabic in the table. */
  withoutArabic: string[];
  /** `Export.path: action` of each message valibot would compute (a function): it cannot be looked up. */
  computedMessages: string[];
}

const isNode = (x: unknown): x is Node & Record<string, unknown> =>
  typeof x === 'object' && x !== null && 'kind' in x && 'type' in x;
const isSchema = (x: unknown): x is Node & Record<string, unknown> => isNode(x) && x.kind === 'schema';

/** The keys under which valibot keeps nested schemas (object entries, array item, optional's wrapped…). */
function children(schema: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pipe' || key === 'default' || key === 'fallback') continue;
    if (isSchema(value)) out.push([key === 'wrapped' ? '' : key, value]);
    else if (key === 'entries' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) if (isSchema(sub)) out.push([name, sub]);
    } else if (Array.isArray(value)) {
      value.forEach((sub, i) => {
        if (isSchema(sub)) out.push([`${key}[${i}]`, sub]);
      });
    }
  }
  return out;
}

/**
 * Audits every value of `exported` (a module namespace such as `import * as contracts`) that is a valibot
 * schema, and every zero-argument function (e.g. `IsoDate`) by the schema it returns with its defaults.
 */
export function auditContractMessages(
  exported: Readonly<Record<string, unknown>>,
  arabic: Readonly<Record<string, string>>,
): ContractAudit {
  const messages = new Set<string>();
  const withoutMessage: string[] = [];
  const withoutArabic: string[] = [];
  const computedMessages: string[] = [];
  const seen = new WeakSet<object>();

  const note = (where: string, what: string, message: unknown) => {
    if (typeof message === 'function') computedMessages.push(`${where}: ${what}`);
    if (typeof message !== 'string') return;
    if (!messages.has(message) && !arabic[message]?.trim())
      withoutArabic.push(`${where}: ${JSON.stringify(message)}`);
    messages.add(message);
  };

  const walk = (schema: Node & Record<string, unknown>, where: string) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    note(where, String(schema.type), schema.message);
    const pipe = Array.isArray(schema.pipe) ? schema.pipe : [];
    for (const step of pipe) {
      if (!isNode(step) || step === schema) continue;
      if (step.kind === 'schema') walk(step, where);
      else if (step.kind === 'validation') {
        if (step.message === undefined) withoutMessage.push(`${where}: ${String(step.type)}`);
        else note(where, String(step.type), step.message);
      }
    }
    for (const [key, sub] of children(schema)) {
      if (isSchema(sub)) walk(sub, key ? `${where}.${key}` : where);
    }
  };

  for (const [name, value] of Object.entries(exported)) {
    if (isSchema(value)) walk(value, name);
    else if (typeof value === 'function' && value.length === 0) {
      const made: unknown = (value as () => unknown)();
      if (isSchema(made)) walk(made, `${name}()`);
    }
  }
  return { messages: [...messages].sort(), withoutMessage, withoutArabic, computedMessages };
}
