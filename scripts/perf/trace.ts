/**
 * Reading a Chromium trace of one page load (Playwright's browser.startTracing/stopTracing): what the performance
 * guard (guard.ts) and the long-task report (long-tasks.ts) both need — the events, which main thread is the
 * page's, and where the page's own navigation began.
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      functionName?: string;
      documentLoaderURL?: string;
      isLoadingMainFrame?: boolean;
      renderBlocking?: string;
    };
  };
}

/** A node of a V8 CPU profile (ProfileChunk events). */
export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The events of a trace as stopTracing returns it. */
export const traceEvents = (buffer: Buffer): TraceEvent[] =>
  (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

/** An event's thread time (the CPU time of its thread) in ms, or its duration where the trace has no thread time. */
export const threadMs = (e: TraceEvent): number => (e.tdur ?? e.dur ?? 0) / 1000;

/**
 * The page's renderer main thread: of the trace's CrRendererMain threads, the one `weight` rates highest (the
 * most work, the most profile samples …). Throws when the trace has none.
 */
export function pageMainThread(
  events: readonly TraceEvent[],
  weight: (thread: { pid: number; tid: number }) => number,
): { pid: number; tid: number } {
  let best: { pid: number; tid: number; weight: number } | null = null;
  for (const m of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const w = weight(m);
    if (!best || w > best.weight) best = { pid: m.pid, tid: m.tid, weight: w };
  }
  if (!best) throw new Error('no renderer main thread in the trace');
  return { pid: best.pid, tid: best.tid };
}

/**
 * When the page's own navigation began (trace µs): trace events are not in time order, and a renderer can log more
 * than one navigationStart (about:blank first), so the earliest main-frame navigation to `url`'s origin in
 * renderer `pid`; without one (a trace lacking blink.user_timing), the first of `tasks`.
 */
export function navigationStart(
  events: readonly TraceEvent[],
  pid: number,
  url: string,
  tasks: readonly TraceEvent[],
): number {
  const origin = new URL(url).origin;
  const starts = events
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === pid &&
        e.args?.data?.isLoadingMainFrame !== false &&
        (e.args?.data?.documentLoaderURL ?? url).startsWith(origin),
    )
    .map((e) => e.ts);
  return starts.length > 0 ? Math.min(...starts) : Math.min(...tasks.map((t) => t.ts));
}
