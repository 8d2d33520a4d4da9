/**
 * The full-screen spinner's rule (docs/product-spec.md §4, §9): shown while requests are in flight (a counter of calls
 * started and not yet answered), hidden when the last answer arrives or on any HTTP error, and a 2-second
 * safety timer hides it and resets the counter, so a lost answer can never leave the page blocked.
 * Calls answered within `showDelayMs` never flash the overlay.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SPINNER_SAFETY_MS = 2000;
const SPINNER_SHOW_DELAY_MS = 150;

export class SpinnerCounter {
  private inFlight = 0;
  private shown = false;
  private safety: unknown = null;
  private delay: unknown = null;

  private readonly onChange: (visible: boolean) => void;
  private readonly timers: Timers;
  private readonly safetyMs: number;
  private readonly showDelayMs: number;

  constructor(
    onChange: (visible: boolean) => void,
    timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
    },
    safetyMs = SPINNER_SAFETY_MS,
    showDelayMs = SPINNER_SHOW_DELAY_MS,
  ) {
    this.onChange = onChange;
    this.timers = timers;
    this.safetyMs = safetyMs;
    this.showDelayMs = showDelayMs;
  }

  get count(): number {
    return this.inFlight;
  }

  get visible(): boolean {
    return this.shown;
  }

  /** A call started. */
  start(): void {
    this.inFlight++;
    // The safety timer runs from the latest start: at most `safetyMs` after the last call began.
    this.clear('safety');
    this.safety = this.timers.setTimeout(() => {
      this.safety = null;
      this.reset();
    }, this.safetyMs);
    if (!this.shown && this.delay === null) {
      if (this.showDelayMs <= 0) this.set(true);
      else
        this.delay = this.timers.setTimeout(() => {
          this.delay = null;
          if (this.inFlight > 0) this.set(true);
        }, this.showDelayMs);
    }
  }

  /** A call was answered (or failed on the network). */
  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.reset();
  }

  /** Any HTTP error hides the spinner at once (docs/product-spec.md §4); calls still running keep counting. */
  error(): void {
    this.clear('delay');
    this.set(false);
  }

  /** Hide and forget every call in flight (the safety timer, or a 401 that ends the session). */
  reset(): void {
    this.inFlight = 0;
    this.clear('safety');
    this.clear('delay');
    this.set(false);
  }

  private clear(which: 'safety' | 'delay'): void {
    const handle = this[which];
    if (handle !== null) this.timers.clearTimeout(handle);
    this[which] = null;
  }

  private set(visible: boolean): void {
    if (this.shown === visible) return;
    this.shown = visible;
    this.onChange(visible);
  }
}
