/**
 * A typed in-process event bus: a domain announces what happened (`publish`), other domains react (`on`), and the
 * publisher imports none of them (modules/index.ts is the one place that wires them). Handlers run one after the
 * other and are awaited, so a handler given the publisher's transaction writes in it: its changes commit or roll
 * back with the change it reacts to, and a handler that throws fails the whole request.
 */
export type EventBus<Events extends Record<string, object>> = {
  publish<Name extends keyof Events>(name: Name, event: Events[Name]): Promise<void>;
  /** Subscribes `handler`; the answer unsubscribes it. */
  on<Name extends keyof Events>(name: Name, handler: (event: Events[Name]) => Promise<void>): () => void;
};

export function eventBus<Events extends Record<string, object>>(): EventBus<Events> {
  const handlers: { [Name in keyof Events]?: ((event: Events[Name]) => Promise<void>)[] } = {};
  return {
    async publish(name, event) {
      for (const handle of handlers[name] ?? []) await handle(event);
    },
    on(name, handler) {
      const list = handlers[name] ?? [];
      if (list.includes(handler)) throw new Error(`${String(name)}: this handler is subscribed already`);
      handlers[name] = [...list, handler];
      return () => {
        handlers[name] = (handlers[name] ?? []).filter((h) => h !== handler);
      };
    },
  };
}
