import { describe, expect, it } from 'vitest';
import { SpinnerCounter, type Timers } from './spinner.ts';

/** Manual clock: timers fire only when the test advances time. */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = ++seq;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...pending.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > until) break;
      pending.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = until;
  };
  return { timers, advance, pending };
}

function setup(showDelay = 150) {
  const clock = fakeTimers();
  const changes: boolean[] = [];
  const spinner = new SpinnerCounter((v) => changes.push(v), clock.timers, 2000, showDelay);
  return { spinner, changes, ...clock };
}

describe('spinner counter', () => {
  it('shows while calls are in flight and hides when the last one is answered', () => {
    const { spinner, changes, advance } = setup(0);
    spinner.start();
    spinner.start();
    expect(spinner.visible).toBe(true);
    spinner.end();
    expect(spinner.visible).toBe(true);
    spinner.end();
    expect(spinner.visible).toBe(false);
    expect(changes).toEqual([true, false]);
    advance(5000);
    expect(changes).toEqual([true, false]);
  });

  it('does not flash for calls answered within the show delay', () => {
    const { spinner, changes, advance } = setup(150);
    spinner.start();
    advance(100);
    spinner.end();
    advance(1000);
    expect(changes).toEqual([]);
    spinner.start();
    advance(150);
    expect(spinner.visible).toBe(true);
  });

  it('the 2 s safety timer hides the spinner and resets the counter', () => {
    const { spinner, advance } = setup(0);
    spinner.start();
    spinner.start();
    advance(1999);
    expect(spinner.visible).toBe(true);
    advance(1);
    expect(spinner.visible).toBe(false);
    expect(spinner.count).toBe(0);
    // A late answer after the reset neither goes negative nor shows anything.
    spinner.end();
    expect(spinner.count).toBe(0);
    expect(spinner.visible).toBe(false);
  });

  it('the safety timer counts from the latest call', () => {
    const { spinner, advance } = setup(0);
    spinner.start();
    advance(1500);
    spinner.start();
    advance(1500);
    expect(spinner.visible).toBe(true);
    advance(500);
    expect(spinner.visible).toBe(false);
  });

  it('an HTTP error hides it at once', () => {
    const { spinner } = setup(0);
    spinner.start();
    spinner.start();
    spinner.error();
    expect(spinner.visible).toBe(false);
    expect(spinner.count).toBe(2);
  });

  it('leaves no timer behind once idle', () => {
    const { spinner, pending } = setup(150);
    spinner.start();
    spinner.end();
    expect(pending.size).toBe(0);
  });
});
