import { describe, expect, it } from 'vitest';
import { INITIAL_SCROLL_STATE, nextScrollState, type ScrollState } from './scroll-to-top.ts';

const VH = 800;
const run = (ys: number[], from: ScrollState = INITIAL_SCROLL_STATE) =>
  ys.reduce((state, y) => nextScrollState(state, y, VH), from);

describe('scroll-to-top, smart mode', () => {
  it('stays hidden while scrolling down, even far', () => {
    const s = run([100, 900, 1700, 2500]);
    expect(s.armed).toBe(true);
    expect(s.visible).toBe(false);
  });

  it('does not arm at exactly two viewport heights', () => {
    const s = run([1000, 1600, 1500]);
    expect(s.armed).toBe(false);
    expect(s.visible).toBe(false);
  });

  it('shows when scrolling up after passing two viewport heights', () => {
    const s = run([900, 1700, 1601, 1500]);
    expect(s.visible).toBe(true);
  });

  it('stays armed above the threshold on the way up, hides on the way down', () => {
    let s = run([2000, 1000, 500]);
    expect(s.visible).toBe(true);
    s = nextScrollState(s, 700, VH);
    expect(s.visible).toBe(false);
    expect(s.armed).toBe(true);
    s = nextScrollState(s, 600, VH);
    expect(s.visible).toBe(true);
  });

  it('resets at the top', () => {
    const s = run([2000, 1000, 0]);
    expect(s).toEqual(INITIAL_SCROLL_STATE);
    expect(run([300, 200], s).visible).toBe(false);
  });

  it('a repeated position keeps the current visibility', () => {
    const s = run([2000, 1500, 1500]);
    expect(s.visible).toBe(true);
  });
});
