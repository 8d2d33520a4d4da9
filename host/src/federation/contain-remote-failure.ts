import type { UnavailableRemote } from '@bawaba/shared';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: a remote that cannot be loaded (server down, broken manifest or bundle) resolves to an
 * `UnavailableRemote` marker instead of throwing, so the host shows the "section unavailable" panel in
 * that section and the rest of the site keeps working.
 *
 * It imports nothing at runtime on purpose: a runtime plugin that statically imports a shared module breaks
 * federation start-up (the plugin runs before the share scope exists, so the import would load a second
 * copy or never resolve). `import type` is erased.
 */
export default function containRemoteFailure(): ModuleFederationRuntimePlugin {
  return {
    name: 'bawaba-contain-remote-failure',
    errorLoadRemote(args) {
      // 'afterResolve' (the manifest fetch) is followed by 'onLoad' for the same request: answer there,
      // where the returned value becomes loadRemote's result.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = String(args.id).split('/')[0] ?? String(args.id);
      console.error(`[bawaba] remote "${remote}" could not be loaded`, args.error);
      const marker: UnavailableRemote = { unavailable: true, remote, reason: String(args.error) };
      return marker;
    },
  };
}
