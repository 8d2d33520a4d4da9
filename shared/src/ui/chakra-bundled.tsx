/**
 * Chakra components a remote may use BEFORE the host's shared surface provides them (docs/releases.md): this entry,
 * `@bawaba/shared/chakra-bundled`, is not a federation singleton, so a remote that imports it carries its own copy
 * of these components (and of the Chakra core they need) in its own chunks, and releases without a host release.
 *
 * A second copy of Chakra has a context of its own: `BundledChakra` bridges it to the page's ONE system (the
 * host's, from the @bawaba/shared singleton: tokens, conditions, the Emotion cache, the CSS already on the page)
 * and adds the recipes of the components below, which the host's system does not carry; it also gives the copy the
 * page's language and direction. Wrap the part of a page that uses them:
 *
 *   import { BundledChakra, Timeline } from '@bawaba/shared/chakra-bundled';
 *   <BundledChakra><Timeline.Root>…</Timeline.Root></BundledChakra>
 *
 * Once the host's shared surface exports a component (chakra.ts / chakra-extra.ts, with its recipe in system.ts)
 * and the previous host release has it too, remotes import it from there instead and it leaves this file.
 */
import { getSystem, intlLocale, useSessionStore } from '@bawaba/shared';
import { ChakraProvider, LocaleProvider, type SystemContext } from '@chakra-ui/react';
import { timelineSlotRecipe } from '@chakra-ui/react/theme';
import { type ReactNode, useMemo } from 'react';

export { Timeline } from '@chakra-ui/react';

/** The recipes of the components above, by the key their Chakra component asks the system for. */
const SLOT_RECIPES: Record<string, object> = { timeline: timelineSlotRecipe };

/**
 * The page's system with these recipes added. A prototype, not a copy: everything else is the host's own system
 * (spreading it would also build its global CSS, which the page already carries).
 */
export function withBundledRecipes(system: SystemContext): SystemContext {
  const extended = Object.create(system) as SystemContext;
  const cache = new Map<string, ReturnType<SystemContext['getSlotRecipeFn']>>();
  Object.assign(extended, {
    isSlotRecipe: (key: string) => key in SLOT_RECIPES || system.isSlotRecipe(key),
    getSlotRecipe: (key: string, fallback?: object) =>
      (SLOT_RECIPES[key] as ReturnType<SystemContext['getSlotRecipe']>) ??
      system.getSlotRecipe(key, fallback as never),
    getSlotRecipeFn: (key: string, fallback?: object) => {
      const recipe = SLOT_RECIPES[key];
      if (!recipe) return system.getSlotRecipeFn(key, fallback as never);
      let fn = cache.get(key);
      if (!fn) {
        fn = system.sva(structuredClone(recipe) as never);
        cache.set(key, fn);
      }
      return fn;
    },
  });
  return extended;
}

export function BundledChakra({ children }: { children: ReactNode }) {
  const language = useSessionStore((s) => s.language);
  const system = useMemo(() => withBundledRecipes(getSystem()), []);
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={intlLocale(language)}>{children}</LocaleProvider>
    </ChakraProvider>
  );
}
