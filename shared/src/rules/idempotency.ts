/**
 * The Idempotency-Key of one user action (api/README.md "Idempotent creates"): the same key while the user sends the
 * same thing again — a double click, a retry after an error or a timeout, when the first attempt may have been
 * written — and a new key once the action succeeded or when what is sent changed (then it is another action).
 */
export type ActionKey = {
  /** The key to send `body` with now. */
  for(body?: unknown): string;
  /** The action succeeded: the next one gets a new key. */
  done(): void;
};

/** A random UUID v4; `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function actionKey(make: () => string = newUuid): ActionKey {
  let key: string | null = null;
  let sent: string | null = null;
  return {
    for(body) {
      const content = JSON.stringify(body ?? null);
      if (key === null || content !== sent) {
        key = make();
        sent = content;
      }
      return key;
    },
    done() {
      key = null;
      sent = null;
    },
  };
}
