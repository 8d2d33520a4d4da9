import path from 'node:path';
import { pathToFileURL } from 'node:url';
import createCache from '@emotion/cache';
import { css } from '@emotion/react';
import { type Compiler, rspack } from '@rspack/core';
import { STATIC_CHAKRA_CSS_ID } from '../src/ui/static-css.ts';

interface SystemGlobals {
  _global: unknown[];
  layers: { atRule: string };
}

/**
 * The CSS Chakra's provider would insert at runtime (the layer order, then `system._global`), produced by the
 * same Emotion serializer and stylis plugins it uses in the browser, from the system the app bundles.
 */
export async function chakraGlobalCss(): Promise<string> {
  const systemFile = path.join(import.meta.dirname, '..', 'src', 'ui', 'system.ts');
  const { getSystem } = (await import(pathToFileURL(systemFile).href)) as { getSystem(): SystemGlobals };
  const system = getSystem();
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, system._global]
    .map((styles) => String(cache.insert('', css(styles as never), cache.sheet, false) ?? ''))
    .join('');
}

/** Inlines chakraGlobalCss() into the page HtmlRspackPlugin emits (production builds; see ../src/ui/static-css.ts). */
export class ChakraGlobalCssPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('ChakraGlobalCssPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'ChakraGlobalCssPlugin',
        async (data) => {
          const styles = await chakraGlobalCss();
          if (styles.includes('</')) throw new Error('Chakra global CSS must not close its <style> element');
          data.html = data.html.replace(
            '</head>',
            `<style id="${STATIC_CHAKRA_CSS_ID}">${styles}</style></head>`,
          );
          return data;
        },
      );
    });
  }
}
