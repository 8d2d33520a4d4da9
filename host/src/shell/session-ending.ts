import { create } from 'zustand';

/**
 * True while the 401/403 warning is on screen (docs/product-spec.md §8): the session was just cleared, and guarded pages
 * must not open the login modal under the warning — after it closes the shell goes to the root path.
 */
export const useSessionEnding = create<{ ending: boolean; set(ending: boolean): void }>((set) => ({
  ending: false,
  set: (ending) => set({ ending }),
}));
