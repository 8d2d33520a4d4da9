import { useSyncExternalStore } from 'react';

/** What the admin rejects when a page asks for a rejection without its reason. */
export type RejectionKind = 'company' | 'tender' | 'credential';

export interface Prompt {
  kind: RejectionKind;
  /** Sends the rejection with the reason the admin typed (a refusal throws: the dialog stays open). */
  send: (reason: string) => Promise<void>;
  /** The answer of a successful `send`, once there is one. */
  sent?: { value: unknown };
  /** The dialog closed: settles the ask (rejected with RejectionCancelled if nothing was sent). */
  close: () => void;
}

/** The admin closed the reason dialog without rejecting (pages ignore it like any handled failure). */
export class RejectionCancelled extends Error {
  constructor() {
    super('The rejection was cancelled.');
  }
}

let current: Prompt | null = null;
const listeners = new Set<() => void>();
const show = (prompt: Prompt | null) => {
  current = prompt;
  for (const listener of listeners) listener();
};

/**
 * Rejecting a company, a tender or a credential needs the admin's reason (the API refuses one without it): asks for it in the
 * account's reject dialog (RejectionPrompt, mounted by the layout), sends it with `send`, and resolves with the
 * answer — or rejects with RejectionCancelled when the admin closes the dialog.
 */
export function askToReject<T>(kind: RejectionKind, send: (reason: string) => Promise<T>): Promise<T> {
  current?.close();
  return new Promise<T>((resolve, reject) => {
    const prompt: Prompt = {
      kind,
      send: async (reason) => {
        prompt.sent = { value: await send(reason) };
      },
      close: () => {
        if (current === prompt) show(null);
        if (prompt.sent) resolve(prompt.sent.value as T);
        else reject(new RejectionCancelled());
      },
    };
    show(prompt);
  });
}

/** The open ask, if any. */
export function useRejectionPrompt(): Prompt | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // Nothing is being asked while a page is rendered on the server or hydrated.
    () => null,
  );
}
