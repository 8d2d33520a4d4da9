import { describe, expect, it } from 'vitest';
import { clarificationCutoff, deadlineAfterAmendment } from './tender-lifecycle.ts';

/** A Qatar time on a day. */
const qa = (day: string, time = '10:00') => new Date(`${day}T${time}:00+03:00`);

describe('the clarification cut-off counts Qatar working days', () => {
  it('defaults to 3 working days before the deadline, at its time: a Monday deadline stops questions on Wednesday, not Friday', () => {
    // Monday 4 January 2027: 3 calendar days before is Friday 1 January.
    expect(clarificationCutoff(qa('2027-01-04'), null)).toEqual(qa('2026-12-30'));
  });

  it('skips an Eid break: Eid al-Fitr 2027 (9–11 March) and Eid al-Adha 2028 (5–7 May)', () => {
    expect(clarificationCutoff(qa('2027-03-14'), null)).toEqual(qa('2027-03-04'));
    expect(clarificationCutoff(qa('2028-05-10'), null)).toEqual(qa('2028-05-04'));
  });

  it("moves the owner's own cut-off on a Friday to the Thursday before, at the same time", () => {
    expect(clarificationCutoff(qa('2029-06-22'), qa('2029-06-15', '13:00'))).toEqual(
      qa('2029-06-14', '13:00'),
    );
  });

  it("moves the owner's cut-off on a holiday to the working day before: Eid al-Fitr 2026, National Day 2028 and 2030", () => {
    expect(clarificationCutoff(qa('2026-04-01'), qa('2026-03-19'))).toEqual(qa('2026-03-16'));
    expect(clarificationCutoff(qa('2029-01-10'), qa('2028-12-18'))).toEqual(qa('2028-12-17'));
    expect(clarificationCutoff(qa('2031-01-10'), qa('2030-12-18'))).toEqual(qa('2030-12-17'));
  });

  it("keeps an owner's cut-off on a working day, and has none without a deadline", () => {
    expect(clarificationCutoff(qa('2029-06-22'), qa('2029-06-13'))).toEqual(qa('2029-06-13'));
    expect(clarificationCutoff(null, null)).toBeNull();
  });
});

describe('an amendment leaves bidders 3 working days', () => {
  it('pushes a closer deadline to now + 3 working days, over the weekend', () => {
    // Thursday 10:00 → Sunday, Monday, Tuesday.
    expect(deadlineAfterAmendment(qa('2027-01-09'), qa('2027-01-07'))).toEqual({
      deadline: qa('2027-01-12'),
      pushed: true,
    });
  });

  it('pushes it over Eid al-Adha 2029 (24–26 April)', () => {
    expect(deadlineAfterAmendment(qa('2029-04-24'), qa('2029-04-19'))).toEqual({
      deadline: qa('2029-04-29'),
      pushed: true,
    });
  });

  it('keeps a deadline at least 3 working days away', () => {
    // Made on a Friday: Sunday, Monday, Tuesday.
    expect(deadlineAfterAmendment(qa('2030-01-15'), qa('2030-01-11'))).toEqual({
      deadline: qa('2030-01-15'),
      pushed: false,
    });
    expect(deadlineAfterAmendment(qa('2030-01-14', '23:00'), qa('2030-01-11')).pushed).toBe(true);
  });
});
