import { notify, useSessionStore } from '@bawaba/shared';
import { refusalMessageOf } from '@bawaba/shared/call';
import type { Follow } from '@bawaba/shared/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from './api.ts';

/** What a toggle follows: a service or a whole category. */
export type FollowTarget = { kind: 'service' | 'category'; id: number; name: string };

const keyOf = (kind: FollowTarget['kind'], id: number) => `${kind}:${id}`;

function followKey(follow: Follow): string | null {
  if (follow.service) return keyOf('service', follow.service.id);
  if (follow.category) return keyOf('category', follow.category.id);
  return null;
}

export interface FollowsState {
  /** The session (token) the list belongs to; a new sign-in loads it again. */
  owner: string | null;
  loaded: boolean;
  /** `service:<id>` / `category:<id>` → the follow's id (negative while the server has not answered yet). */
  ids: Record<string, number>;
  /** Keys with a call on the way (their toggle waits). */
  pending: Record<string, true>;
  load(owner: string): Promise<void>;
  toggle(target: FollowTarget, messages: { failed: string }): Promise<void>;
}

let temporaryId = 0;

/**
 * What the signed-in user follows (GET /follows), loaded once per session and changed optimistically: a toggle
 * shows its new state at once and goes back, with the server's message, when the call is refused.
 */
export const useFollowsStore = create<FollowsState>((set, get) => ({
  owner: null,
  loaded: false,
  ids: {},
  pending: {},
  async load(owner) {
    if (get().owner === owner) return;
    set({ owner, loaded: false, ids: {}, pending: {} });
    try {
      const { follows } = await api.follows();
      if (get().owner !== owner) return;
      const ids: Record<string, number> = {};
      for (const follow of follows) {
        const key = followKey(follow);
        if (key) ids[key] = follow.id;
      }
      set({ ids, loaded: true });
    } catch {
      // The shell has told the user (a call like any other). Leave the list unloaded: the toggles stay hidden rather than claim "not followed".
      if (get().owner === owner) set({ owner: null });
    }
  },
  async toggle(target, messages) {
    const key = keyOf(target.kind, target.id);
    const { ids, pending, owner } = get();
    if (pending[key]) return;
    const current = ids[key];
    const without = (record: Record<string, number>) => {
      const { [key]: _gone, ...rest } = record;
      return rest;
    };
    const settle = (update: (ids: Record<string, number>) => Record<string, number>) => {
      if (get().owner !== owner) return;
      const { [key]: _done, ...rest } = get().pending;
      set({ ids: update(get().ids), pending: rest });
    };
    set({ pending: { ...pending, [key]: true } });
    try {
      if (current === undefined) {
        set({ ids: { ...get().ids, [key]: --temporaryId } });
        const follow = await api.follow(
          target.kind === 'service' ? { service: target.id } : { category: target.id },
        );
        settle((now) => ({ ...now, [key]: follow.id }));
      } else {
        set({ ids: without(get().ids) });
        await api.unfollow(current);
        settle((now) => now);
      }
    } catch (error) {
      settle((now) => (current === undefined ? without(now) : { ...now, [key]: current }));
      const message = await refusalMessageOf(error);
      notify.error(messages.failed, message ?? undefined);
    }
  },
}));

/**
 * Whether the visitor may follow (signed in, not an admin: admins neither follow nor invite), loading their follows
 * once when so. Anonymous visitors and admins get false and no call is made.
 */
export function useCanFollow(enabled = true): boolean {
  const token = useSessionStore((s) => s.token);
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const allowed = enabled && Boolean(token) && !isAdmin;
  const loaded = useFollowsStore((s) => s.loaded && s.owner === token);
  const load = useFollowsStore((s) => s.load);
  useEffect(() => {
    if (allowed && token) void load(token);
  }, [allowed, token, load]);
  return allowed && loaded;
}

/** Whether `target` is followed, and whether a change of it is on the way. */
export function useFollowState(
  kind: FollowTarget['kind'],
  id: number,
): { following: boolean; busy: boolean } {
  const key = keyOf(kind, id);
  const following = useFollowsStore((s) => s.ids[key] !== undefined);
  const busy = useFollowsStore((s) => Boolean(s.pending[key]));
  return { following, busy };
}
