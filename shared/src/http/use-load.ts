import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useHydrating } from '../render/hydrating.ts';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * The answers of a server render: on the server, what the page's loads fetched (each asked once per key, the page
 * suspending until it is in); in the browser, the same answers handed over with the HTML, so hydration renders
 * what the server rendered and nothing is asked again. Only hydration reads them: a reload, another key or a
 * component mounted later asks the API.
 */
/** One answer as the page carries it: the data, or that the call failed (the page shows its failed state). */
export interface HandedOverAnswer {
  data?: unknown;
  failed?: true;
}

export class ServerAnswers {
  private readonly entries = new Map<
    string,
    { promise: Promise<unknown>; settled?: { data?: unknown; failed: boolean } }
  >();
  private readonly fetching: boolean;
  /** `fetching`: a server render (loads run and suspend); without it, only handed-over answers are read. */
  constructor(handedOver: Record<string, HandedOverAnswer> = {}, fetching = false) {
    this.fetching = fetching;
    for (const [key, answer] of Object.entries(handedOver))
      this.entries.set(key, {
        promise: Promise.resolve(answer.data),
        settled: { data: answer.data, failed: answer.failed === true },
      });
  }

  /** Server: the answer of `key`, suspending the render until it is in. */
  read(key: string, load: () => Promise<unknown>): { data?: unknown; failed: boolean } {
    let entry = this.entries.get(key);
    if (!entry) {
      const created: { promise: Promise<unknown>; settled?: { data?: unknown; failed: boolean } } = {
        promise: load().then(
          (data) => {
            created.settled = { data, failed: false };
          },
          () => {
            created.settled = { failed: true };
          },
        ),
      };
      entry = created;
      this.entries.set(key, entry);
    }
    // Suspends by throwing the pending promise, not with `use()`: a page reads its keys conditionally (a key is
    // only read once the one before it is in), and `use()` pairs promises with the order of its calls.
    if (!entry.settled) throw entry.promise;
    return entry.settled;
  }

  /** Browser: the handed-over answer of `key` (read while hydrating only: see useLoad). */
  handedOver(key: string): { data?: unknown; failed: boolean } | undefined {
    return this.entries.get(key)?.settled;
  }

  get isServer(): boolean {
    return this.fetching;
  }

  /** What to hand over with the HTML: every answer the page was rendered with, a refusal as a refusal. */
  toJSON(): Record<string, HandedOverAnswer> {
    const out: Record<string, HandedOverAnswer> = {};
    for (const [key, entry] of this.entries)
      if (entry.settled) out[key] = entry.settled.failed ? { failed: true } : { data: entry.settled.data };
    return out;
  }
}

export const ServerAnswersContext = createContext<ServerAnswers | null>(null);

/**
 * A page's data: runs `load` whenever `key` changes (a string naming everything the call depends on) or on
 * `reload()`, and keeps only the answer to the latest call, so a quick page or filter change never shows stale
 * rows. Nothing runs while `enabled` is false. Errors are already shown by the shell (the http client's error
 * events); pages only need `failed`.
 *
 * Rendered on the server, the page waits for the answer (ServerAnswers); hydrated in the browser, it starts with
 * the answer the server used and does not ask again.
 *
 * The answer is rendered as a transition: React builds a long list in slices of a few milliseconds instead of
 * one long task, so the page stays responsive while results arrive (Total Blocking Time).
 */
export function useLoad<T>(key: string, load: () => Promise<T>, enabled = true): Loaded<T> {
  const answers = useContext(ServerAnswersContext);
  if (answers?.isServer) {
    const answer = enabled ? answers.read(key, load) : { failed: false };
    return { data: answer.data as T | undefined, loading: false, failed: answer.failed, reload: () => {} };
  }
  return useBrowserLoad(key, load, enabled, answers);
}

function useBrowserLoad<T>(
  key: string,
  load: () => Promise<T>,
  enabled: boolean,
  answers: ServerAnswers | null,
): Loaded<T> {
  // True only while React hydrates the server's markup (it reads the server snapshot then, and only then): a component
  // mounted later, or on a page the server did not render, asks the API.
  const hydrating = useHydrating();
  const handedOver = useRef<string | null>(null);
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>(() => {
    const answer = enabled && hydrating ? answers?.handedOver(key) : undefined;
    if (answer) {
      // A refusal is asked again once hydrated: the shell shows its error popup for the browser's own call.
      if (!answer.failed) handedOver.current = key;
      return { data: answer.data as T | undefined, loading: false, failed: answer.failed };
    }
    return { data: undefined, loading: enabled, failed: false };
  });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef('');
  useEffect(() => {
    if (!enabled) return;
    // The server's answer for this key is already on screen: ask again only on reload() or another key.
    if (round === 0 && handedOver.current === key) return;
    handedOver.current = null;
    const call = `${key}#${round}`;
    latest.current = call;
    setState((s) => ({ ...s, loading: true, failed: false }));
    loadRef.current().then(
      (data) => {
        if (latest.current === call) startTransition(() => setState({ data, loading: false, failed: false }));
      },
      () => {
        if (latest.current === call) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, [key, round, enabled]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
