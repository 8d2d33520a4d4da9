import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import { useStoreInTransition } from './use-store-in-transition.ts';

afterEach(cleanup);

interface Info {
  services: string[];
  other: number;
}

function Services({ store }: { store: StoreApi<Info> }) {
  const services = useStoreInTransition(store, (s) => s.services);
  return <p data-testid="services">{services.join(', ') || 'none'}</p>;
}

describe('useStoreInTransition', () => {
  it('shows the store as it is, then each change', async () => {
    const store = createStore<Info>(() => ({ services: ['Legal'], other: 0 }));
    render(<Services store={store} />);
    expect(screen.getByTestId('services').textContent).toBe('Legal');
    await act(async () => store.setState({ services: ['Legal', 'Audit'] }));
    expect(screen.getByTestId('services').textContent).toBe('Legal, Audit');
  });

  it('does not lose a change made between the first render and the subscription', async () => {
    const store = createStore<Info>(() => ({ services: [], other: 0 }));
    let changed = false;
    function ChangeDuringRender() {
      // A sibling rendering before the subscription exists changes the store (as a data answer could).
      if (!changed) {
        changed = true;
        queueMicrotask(() => store.setState({ services: ['Logistics'] }));
      }
      return null;
    }
    await act(async () => {
      render(
        <>
          <Services store={store} />
          <ChangeDuringRender />
        </>,
      );
    });
    expect(screen.getByTestId('services').textContent).toBe('Logistics');
  });
});
