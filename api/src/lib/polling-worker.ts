/**
 * A background worker of one API process (the mail and webhook outboxes, the open-data publisher): it runs `round`
 * every `intervalMs`, and at once when kicked. One round at a time: a kick during a round runs one more after it,
 * so work committed meanwhile is not left for the next tick. A round that fails is logged under `name` and tried
 * again at the next tick. `stop` ends the ticks and waits for the round under way; `round` reads `stopped()` to
 * leave a long round early. The timer does not keep the process alive.
 */
export type PollingWorker = {
  /** Run a round now (after a transaction that queued work committed). */
  kick(): void;
  /** Runs rounds until one finds nothing to do (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

export function pollingWorker(
  name: string,
  intervalMs: number,
  round: (stopped: () => boolean) => Promise<void>,
): PollingWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const isStopped = () => stopped;
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round(isStopped);
        } catch (err) {
          if (!stopped) console.error(`${name}: a round failed`, err);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    kick: () => void run(),
    async drain() {
      await run();
      if (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
