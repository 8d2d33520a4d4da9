import { matchRoutes, REMOTE_APPS, type RemoteName, type RouteObject } from '@bawaba/shared';
import type { FragmentHandle } from '@bawaba/shared/pages';
import type { ReactNode } from 'react';

function fragmentOf(route: RouteObject): { remote: RemoteName; name: string } | null {
  const fragment = (route.handle as Partial<FragmentHandle> | undefined)?.fragment;
  if (!fragment || typeof fragment.name !== 'string' || !Object.hasOwn(REMOTE_APPS, fragment.remote))
    return null;
  return { remote: fragment.remote as RemoteName, name: fragment.name };
}

/**
 * A remote's routes with every slot filled: a route whose handle names another remote's fragment gets, instead of
 * its own children (the remote's fallback for a host without mounts), one child that mounts the fragment for every
 * path below the slot. Other routes are kept as they are (docs/decisions/0009-tender-workspace-in-remote-tenders.md).
 */
export function mountFragments(
  routes: RouteObject[],
  mount: (fragment: { remote: RemoteName; name: string }) => ReactNode,
): RouteObject[] {
  return routes.map((route) => {
    const fragment = fragmentOf(route);
    // The index child for the slot's own path: a splat alone ranks below the slot route itself, which would then
    // match on its own and render an empty outlet.
    if (fragment)
      return {
        ...route,
        children: [
          { index: true, element: mount(fragment) },
          { path: '*', element: mount(fragment) },
        ],
      } as RouteObject;
    if (route.children) return { ...route, children: mountFragments(route.children, mount) } as RouteObject;
    return route;
  });
}

/**
 * The fragments a remote's routes for `segment` mount at `pathname` (the page's path, segment included): the slots
 * among the routes that path renders, by the same handles mountFragments fills. The render server loads their
 * remotes before rendering the page, so the slots are rendered with their content.
 */
export function fragmentsAt(
  routes: RouteObject[],
  segment: string,
  pathname: string,
): { remote: RemoteName; name: string }[] {
  const matches = matchRoutes(routes, pathname, `/${segment}`) ?? [];
  return matches.flatMap(({ route }) => fragmentOf(route) ?? []);
}
