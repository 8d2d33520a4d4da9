import { describe, expect, it } from 'vitest';
import { fieldError } from './errors.ts';

const formState = {
  errors: {
    title: { type: 'min_length', message: 'Title is required.' },
    milestones: [undefined, { amount: { type: 'min_value', message: 'Amount must be greater than 0.' } }],
    services: { message: '' },
  },
  touchedFields: { milestones: [undefined, { amount: true }] },
  isSubmitted: false,
};

describe('fieldError', () => {
  it('reads the message of a field by its dot path, nested in arrays too', () => {
    expect(fieldError(formState, 'title')).toBe('Title is required.');
    expect(fieldError(formState, 'milestones.1.amount')).toBe('Amount must be greater than 0.');
  });

  it('gives nothing for a valid field, a missing path or an empty message', () => {
    expect(fieldError(formState, 'description')).toBeUndefined();
    expect(fieldError(formState, 'milestones.0.amount')).toBeUndefined();
    expect(fieldError(formState, 'milestones.7.title')).toBeUndefined();
    expect(fieldError(formState, 'services')).toBeUndefined();
  });

  it('with whenTouched, waits until the field was left or the form submitted', () => {
    expect(fieldError(formState, 'title', { whenTouched: true })).toBeUndefined();
    expect(fieldError(formState, 'milestones.1.amount', { whenTouched: true })).toBe(
      'Amount must be greater than 0.',
    );
    expect(fieldError({ ...formState, isSubmitted: true }, 'title', { whenTouched: true })).toBe(
      'Title is required.',
    );
  });
});
