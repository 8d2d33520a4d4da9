import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOnServer } from '../test-support/render-on-server.ts';
import { type Loaded, ServerAnswers, ServerAnswersContext, useLoad } from './use-load.ts';

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

/** Two loads, the second read only once the first is in (as pages do), and one that fails. */
function Page({ loads }: { loads: Record<string, () => Promise<string>> }) {
  const first = useLoad('first', loads.first!);
  const second = useLoad('second', loads.second!, first.data !== undefined);
  const broken = useLoad('broken', loads.broken!);
  return (
    <p>
      {first.data ?? '-'} {second.data ?? '-'} {broken.failed ? 'failed' : 'ok'}
    </p>
  );
}

/** The server's render: every boundary resolved, as the host's render server waits for it. */
function renderPageOnServer(
  answers: ServerAnswers,
  loads: Record<string, () => Promise<string>>,
): Promise<string> {
  return renderOnServer(
    <ServerAnswersContext value={answers}>
      <Suspense fallback="…">
        <Page loads={loads} />
      </Suspense>
    </ServerAnswersContext>,
  );
}

describe('useLoad rendered on the server, then hydrated', () => {
  it('the server waits for each load, also one read only after another, and hands over every answer', async () => {
    const answers = new ServerAnswers({}, true);
    const html = await renderPageOnServer(answers, {
      first: () => Promise.resolve('one'),
      second: () => Promise.resolve('two'),
      broken: () => Promise.reject(new Error('404')),
    });
    expect(html.replace(/<!--.*?-->/g, '')).toContain('one two failed');
    expect(answers.toJSON()).toEqual({
      first: { data: 'one' },
      second: { data: 'two' },
      broken: { failed: true },
    });
  });

  it('the browser starts from the handed-over answers without asking, and asks again on reload()', async () => {
    const calls: string[] = [];
    const loads = {
      first: () => {
        calls.push('first');
        return Promise.resolve('fresh');
      },
      second: () => {
        calls.push('second');
        return Promise.resolve('two');
      },
      broken: () => {
        calls.push('broken');
        return Promise.reject(new Error('404'));
      },
    };
    const server = new ServerAnswers({}, true);
    const container = document.createElement('div');
    container.innerHTML = await renderPageOnServer(server, {
      first: () => Promise.resolve('one'),
      second: () => Promise.resolve('two'),
      broken: () => Promise.reject(new Error('404')),
    });
    document.body.append(container);
    const handedOver = new ServerAnswers(JSON.parse(JSON.stringify(server.toJSON())));
    const errors: unknown[] = [];
    let reloadFirst: () => void = () => undefined;
    function Probe() {
      reloadFirst = useLoad('first', loads.first).reload;
      return null;
    }
    await act(async () => {
      hydrateRoot(
        container,
        <ServerAnswersContext value={handedOver}>
          <Suspense fallback="…">
            <Page loads={loads} />
          </Suspense>
          <Probe />
        </ServerAnswersContext>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('one two failed');
    // The answers are not asked again; the refusal is (the shell shows its error popup for the browser's call).
    expect(calls).toEqual(['broken']);
    await act(async () => reloadFirst());
    expect(calls).toEqual(['broken', 'first']);
    container.remove();
  });
});
