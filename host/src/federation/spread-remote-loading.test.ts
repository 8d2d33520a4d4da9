import { describe, expect, it } from 'vitest';
import spreadRemoteLoading from './spread-remote-loading.ts';

/** Records, in order, what ran: the plugin's continuation and a timer queued just before calling it. */
async function order(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  setTimeout(() => seen.push('timer queued before'), 0);
  await run().then(() => seen.push('hook done'));
  return seen;
}

describe('the runtime plugin that spreads loading a remote over several tasks', () => {
  const plugin = spreadRemoteLoading();

  it('lets the container set-up continue only in a later task, with its options unchanged', async () => {
    const args = { shareScope: {}, initScope: [], remoteEntryInitOptions: {} } as never;
    let answer: unknown;
    const seen = await order(async () => {
      answer = await plugin.beforeInitContainer?.(args);
    });
    expect(seen).toEqual(['timer queued before', 'hook done']);
    expect(answer).toBe(args);
  });

  it("evaluates the remote's exposed module only in a later task", async () => {
    const seen = await order(async () => {
      await plugin.beforeExecuteFactory?.({} as never);
    });
    expect(seen).toEqual(['timer queued before', 'hook done']);
  });
});
