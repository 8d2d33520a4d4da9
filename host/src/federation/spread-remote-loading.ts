import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Ends the current task: what follows runs in a new one, so the browser can paint and handle input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runtime plugin: loading a remote is a chain of promise callbacks, so without a pause the remote's entry script,
 * the set-up of its container (share scopes, its shared modules) and the evaluation of its exposed module all run
 * in the one task that began when the entry script arrived. Each of these steps is a few milliseconds on a desktop
 * CPU and four times that on a phone; together they made one of the longest tasks of a remote page (Total
 * Blocking Time). The plugin ends the task after the entry script ran and again before the exposed
 * module is evaluated. The order of the steps and the result are unchanged.
 *
 * Like contain-remote-failure.ts, it imports nothing at runtime (see there why).
 */
export default function spreadRemoteLoading(): ModuleFederationRuntimePlugin {
  return {
    name: 'bawaba-spread-remote-loading',
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async beforeExecuteFactory() {
      await nextTask();
    },
  };
}
