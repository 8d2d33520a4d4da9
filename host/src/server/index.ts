import type { RenderRequest, RenderResult } from './render.tsx';

export type { RenderRequest, RenderResult } from './render.tsx';

/**
 * The server build's entry. An async boundary, as in the browser's src/index.ts: Module Federation settles the
 * shared singletons (React, @bawaba/shared…) before the render code that imports them is evaluated.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const { render: renderPage } = await import('./render.tsx');
  return renderPage(request);
}
