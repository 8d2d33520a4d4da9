import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * For tests: the server's HTML of `tree` once every Suspense boundary is resolved (data and lazy code) and written
 * inline, as the host's render server sends a page (host/src/server/render.tsx).
 */
export function renderOnServer(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const stream = renderToPipeableStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe({
          write: (chunk: Uint8Array | string) => {
            html += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
            return true;
          },
          end: () => resolve(html),
          on: () => undefined,
          once: () => undefined,
          emit: () => true,
          removeListener: () => undefined,
        } as unknown as NodeJS.WritableStream);
      },
      onShellError: reject,
    });
  });
}
