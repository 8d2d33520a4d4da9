import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Loaded, useLoad } from './use-load.ts';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let current: Loaded<string> | undefined;
function Probe({ id, load, enabled }: { id: string; load: () => Promise<string>; enabled?: boolean }) {
  current = useLoad(`item:${id}`, load, enabled);
  return (
    <p>
      {current.loading ? 'loading' : 'idle'} {current.failed ? 'failed' : 'ok'} {current.data ?? '-'}
    </p>
  );
}

describe('useLoad', () => {
  it('shows the answer to the latest key only, even when an older call answers last', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const { rerender } = render(<Probe id="1" load={() => first.promise} />);
    expect(screen.getByText('loading ok -')).toBeTruthy();
    rerender(<Probe id="2" load={() => second.promise} />);
    await act(async () => second.resolve('two'));
    expect(await screen.findByText('idle ok two')).toBeTruthy();
    await act(async () => first.resolve('one'));
    expect(screen.getByText('idle ok two')).toBeTruthy();
  });

  it('keeps the last data when a reload fails, and loads again on reload()', async () => {
    let answer = deferred<string>();
    render(<Probe id="1" load={() => answer.promise} />);
    await act(async () => answer.resolve('first'));
    expect(await screen.findByText('idle ok first')).toBeTruthy();
    answer = deferred<string>();
    act(() => current?.reload());
    expect(screen.getByText('loading ok first')).toBeTruthy();
    await act(async () => answer.reject(new Error('down')));
    expect(await screen.findByText('idle failed first')).toBeTruthy();
    answer = deferred<string>();
    act(() => current?.reload());
    await act(async () => answer.resolve('again'));
    expect(await screen.findByText('idle ok again')).toBeTruthy();
  });

  it('does not call while disabled', () => {
    let calls = 0;
    render(
      <Probe
        id="1"
        enabled={false}
        load={() => {
          calls += 1;
          return Promise.resolve('x');
        }}
      />,
    );
    expect(calls).toBe(0);
    expect(screen.getByText('idle ok -')).toBeTruthy();
  });
});
