import {
  createSystemSteps,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
  type SystemStyleObject,
} from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  stepsSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { hasStaticChakraCss } from './static-css.ts';

/**
 * Toasts whose text meets WCAG AA (4.5:1, what the e2e accessibility checks hold every page to): Chakra's success
 * and warning fills (green.600 / orange.600) give white text 3.3:1 and 3.6:1, and it dims the description to 80 %
 * (2.6:1 on green). The fills go one step darker (green.700 5.0:1, orange.700 5.2:1) and the description keeps
 * the toast's own colour.
 */
const toastRecipe = {
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      '&[data-type=success]': {
        ...(toastSlotRecipe.base?.root?.['&[data-type=success]'] as SystemStyleObject),
        bg: 'green.700',
      },
      '&[data-type=warning]': {
        ...(toastSlotRecipe.base?.root?.['&[data-type=warning]'] as SystemStyleObject),
        bg: 'orange.700',
      },
    },
    description: { ...toastSlotRecipe.base?.description, opacity: '1' },
  },
} as typeof toastSlotRecipe;

/**
 * Colour palettes the site never names (colorPalette="…", "red.500" and the like; status colours use gray, red,
 * orange, green and blue): left out of the tokens, so their ≈ 135 CSS variables are neither built at startup nor
 * shipped in the page's global CSS. Naming one of them later renders uncoloured: add it back here.
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);
function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * The site has one colour scheme, light (no colour-mode switch, no `.dark` class anywhere): each semantic token's
 * `{ _light, _dark }` pair becomes its light value. Half of the semantic tokens' CSS variables and conditions are
 * then neither built at startup nor shipped in the page's CSS (Total Blocking Time).
 */
type TokenTree = { [key: string]: unknown };
function lightOnly<T>(tree: T): T {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return tree;
  const node = tree as TokenTree;
  const value = node.value as TokenTree | undefined;
  if (value && typeof value === 'object' && '_light' in value && '_dark' in value) {
    return { ...node, value: value._light } as T;
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * The one Chakra system for the whole site: Chakra's base preset and default tokens, but ONLY the recipes
 * of the components the site uses (the ones shared/src/ui/chakra.ts re-exports), not all ~76 of
 * `defaultConfig` (most of Chakra's weight). Using a new component that has a recipe? Add its recipe here
 * too, or it renders unstyled. Brand tokens live here so the host and every remote look the same.
 */
const theme = defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      steps: stepsSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastRecipe,
    },
  },
});

const brand = defineConfig({
  theme: {
    tokens: {
      fonts: {
        body: { value: "system-ui, 'Segoe UI', 'Noto Sans Arabic', Tahoma, Arial, sans-serif" },
        heading: { value: "system-ui, 'Segoe UI', 'Noto Sans Arabic', Tahoma, Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef6f6' },
          100: { value: '#d3e8e8' },
          500: { value: '#1d6f73' },
          600: { value: '#155a5e' },
          700: { value: '#0f4649' },
          900: { value: '#072426' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.500}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/**
 * Chakra's global `*` rule declares 26 custom properties on every element, 23 of them defaults for the `ring`,
 * `filter="auto"` and `backdropFilter="auto"` utilities. Custom properties declared on every element make each
 * one's style costlier to compute: a full style recalculation of /tender took 13.3 ms with them and 10.7 ms
 * without (desktop CPU). Those 23 are declared once on `html` instead, and every element inherits the
 * same values. The one difference: an element that sets one of them (say `--brightness`) now passes it on to its
 * descendants; the site uses none of those utilities (its blurs are plain `filter="blur(…)"`).
 *
 * The three `--global-*` properties (fonts, border colour; used by the preflight) stay on `*`: with them moved too,
 * the e2e test of the company form failed to tick the last service of its scrolling list far more often (a click
 * right after its category opened was lost; the test now waits for the opening animation).
 */
const isUtilityDefault = (name: string) => name.startsWith('--') && !name.startsWith('--global-');
const { '*': everyElement = {}, html: htmlStyles = {}, ...otherGlobalCss } = globalCss;
const globalCssInheritingVariables: typeof globalCss = {
  '*': Object.fromEntries(Object.entries(everyElement).filter(([name]) => !isUtilityDefault(name))),
  html: {
    ...Object.fromEntries(Object.entries(everyElement).filter(([name]) => isUtilityDefault(name))),
    ...htmlStyles,
  } as SystemStyleObject,
  ...otherGlobalCss,
};

/** The reset and the global styles: part of the system only where the page does not carry them (see getSystem). */
const globalStyles = defineConfig({
  preflight: true,
  globalCss: {
    ...globalCssInheritingVariables,
    'html, body': { minHeight: '100%' },
    body: { fontFamily: 'body' },
  },
});

let created: SystemContext | undefined;
let steps: Generator<void, SystemContext, void> | undefined;
let stepsUseStaticCss = false;

/**
 * Creating the system is the largest single piece of startup work (merging the configs, the token dictionary, the
 * utilities: ≈ 20–25 ms on a desktop CPU, four times that on a phone). Chakra's createSystem does it in one go;
 * the patched `createSystemSteps` (patches/@chakra-ui__react@3.37.0.patch) pauses between those steps, so
 * prepareSystem can give each a task of its own (Total Blocking Time).
 *
 * When the page already carries Chakra's global CSS (production pages, ./static-css.ts), the preflight and
 * global styles are neither built nor handed to ChakraProvider's runtime <Global>; tokens, recipes and every
 * style function are the same. Without a page (the build, which writes that CSS; unit tests) it is whole.
 */
function systemSteps(): Generator<void, SystemContext, void> {
  if (!steps) {
    stepsUseStaticCss = hasStaticChakraCss();
    // One merge of the configs (createSystem merges them itself; merging beforehand cloned them twice).
    steps = stepsUseStaticCss
      ? createSystemSteps(defaultBaseConfig, theme, brand)
      : createSystemSteps(defaultBaseConfig, theme, brand, globalStyles);
  }
  return steps;
}

function finish(system: SystemContext): SystemContext {
  if (stepsUseStaticCss) {
    // Not `{ ...system, _global: [] }`: spreading would read `_global`, which builds the token CSS objects (the
    // costliest part of createSystem; the patch makes it a lazy getter).
    Object.defineProperty(system, '_global', { value: [] });
    system.layers = { ...system.layers, atRule: '' };
  }
  created = system;
  return system;
}

/** The system, created on first use: whatever prepareSystem has not done yet is done now, at once. */
export function getSystem(): SystemContext {
  if (created) return created;
  const generator = systemSteps();
  for (;;) {
    const step = generator.next();
    if (step.done) return finish(step.value);
  }
}

/**
 * Creates the system one step per task (`nextTask` ends a task; the host passes a setTimeout of 0), so no single
 * task holds the main thread for all of it. Safe to race with getSystem: both drive the same steps.
 */
export async function prepareSystem(nextTask: () => Promise<void>): Promise<SystemContext> {
  while (!created) {
    const step = systemSteps().next();
    if (step.done) return finish(step.value);
    await nextTask();
  }
  return created;
}
