import { describe, expect, it } from 'vitest';
import { confirmPopup, showPopup, usePopupStore } from './popups.ts';

describe('popups', () => {
  it('queues popups in order and resolves each when closed', async () => {
    const first = showPopup({ kind: 'error', title: 'Check Your Inputs' });
    const second = confirmPopup({ title: 'Submit Interest' });
    const [a, b] = usePopupStore.getState().queue;
    expect(a?.title).toBe('Check Your Inputs');
    expect(b?.kind).toBe('confirm');
    usePopupStore.getState().close(a!.id, true);
    await first;
    expect(usePopupStore.getState().queue).toHaveLength(1);
    usePopupStore.getState().close(b!.id, false);
    await expect(second).resolves.toBe(false);
    expect(usePopupStore.getState().queue).toHaveLength(0);
  });
});
