import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as contracts from '../contracts/index.ts';
import { VALIDATION_MESSAGES_AR } from '../contracts/messages.ts';
import { auditContractMessages } from './contract-audit.ts';

describe('auditContractMessages', () => {
  it('finds a validation action without its own message, however deep the schema nests it', () => {
    const Body = v.object({
      name: v.pipe(v.string('Name is required.'), v.maxLength(10)),
      items: v.array(v.object({ qty: v.optional(v.pipe(v.number(), v.integer())) })),
      choice: v.union([v.literal(''), v.pipe(v.string(), v.email())]),
    });
    const audit = auditContractMessages({ Body }, { 'Name is required.': 'الاسم مطلوب.' });
    expect(audit.withoutMessage).toEqual([
      'Body.name: max_length',
      'Body.items.item.qty: integer',
      'Body.choice.options[1]: email',
    ]);
    expect(audit.withoutArabic).toEqual([]);
  });

  it('finds a message that has no Arabic in the table, also inside forwarded checks and factories', () => {
    const Form = v.pipe(
      v.object({ a: v.string(), b: v.string() }),
      v.forward(
        v.partialCheck([['a'], ['b']], (x) => x.a === x.b, 'Values do not match.'),
        ['b'],
      ),
    );
    const DateField = (message = 'Must be a date') => v.pipe(v.string(message), v.isoDate(message));
    const audit = auditContractMessages({ Form, DateField, notASchema: 42 }, {});
    expect(audit.withoutArabic).toEqual(['Form: "Values do not match."', 'DateField(): "Must be a date"']);
    expect(audit.messages).toEqual(['Must be a date', 'Values do not match.']);
  });

  it('flags a computed message, which no table can translate', () => {
    const Body = v.object({
      n: v.pipe(
        v.number(),
        v.minValue(1, (issue) => `got ${issue.input}`),
      ),
    });
    expect(auditContractMessages({ Body }, {}).computedMessages).toEqual(['Body.n: min_value']);
  });

  it('passes for every schema of shared/src/contracts with the one table (what the test command checks)', () => {
    const audit = auditContractMessages(contracts, VALIDATION_MESSAGES_AR);
    expect(audit.withoutMessage).toEqual([]);
    expect(audit.computedMessages).toEqual([]);
    expect(audit.withoutArabic).toEqual([]);
    expect(audit.messages).toContain('Message must be at most 2000 characters.');
  });
});
