import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderOnServer } from '../test-support/render-on-server.ts';
import { LazyPart } from './lazy-part.tsx';

afterEach(cleanup);

type Part = ComponentType<{ onSign: () => void }>;
const SignButton: Part = ({ onSign }) => (
  <button type="button" onClick={onSign}>
    sign
  </button>
);

function Page({ Part, onSign }: { Part: Part; onSign: () => void }) {
  return (
    <main>
      <h1>tender</h1>
      <LazyPart fallback={<p>loading</p>}>
        <Part onSign={onSign} />
      </LazyPart>
    </main>
  );
}

/** The part's chunk, arriving when the test says so. */
function lazyChunk() {
  let arrive!: () => void;
  const arrived = new Promise<{ default: Part }>((resolve) => {
    arrive = () => resolve({ default: SignButton });
  });
  return { Part: lazy(() => arrived), arrive };
}

/** The server's whole page, lazy parts resolved. */
function serverHtml(): Promise<string> {
  const Part = lazy(async () => ({ default: SignButton }));
  return renderOnServer(<Page Part={Part} onSign={() => undefined} />);
}

const mark = (container: Element) => container.querySelector('[data-lazy-part]');

describe('LazyPart', () => {
  it('marks a part the server rendered ready only once the browser has hydrated it, then its button works', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml();
    document.body.append(container);
    expect(container.textContent).toContain('sign');
    expect(mark(container)?.hasAttribute('data-lazy-part-ready')).toBe(false);

    const chunk = lazyChunk();
    const onSign = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Page Part={chunk.Part} onSign={onSign} />));
    // The page around it is hydrated, the part's code has not arrived: the server's button shows, the mark waits.
    expect(container.querySelector('button')).not.toBeNull();
    expect(mark(container)?.hasAttribute('data-lazy-part-ready')).toBe(false);

    await act(async () => chunk.arrive());
    expect(mark(container)?.hasAttribute('data-lazy-part-ready')).toBe(true);
    container.querySelector('button')?.click();
    expect(onSign).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });

  it('shows the fallback of a part the browser renders itself, and marks it ready once it is on screen', async () => {
    const chunk = lazyChunk();
    const { container } = render(<Page Part={chunk.Part} onSign={() => undefined} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.arrive());
    expect(screen.getByRole('button', { name: 'sign' })).toBeTruthy();
    expect(mark(container)?.hasAttribute('data-lazy-part-ready')).toBe(true);
  });
});
