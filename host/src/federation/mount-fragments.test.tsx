import { MemoryRouter, Outlet, type RouteObject, useRoutes } from '@bawaba/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fragmentsAt, mountFragments } from './mount-fragments.ts';

const mount = ({ remote, name }: { remote: string; name: string }) => `${remote}:${name}`;

describe('mountFragments', () => {
  it('replaces the fallback children of a slot, at any depth, with the named fragment for every path below it', () => {
    const routes: RouteObject[] = [
      {
        element: 'frame',
        children: [
          {
            element: 'layout',
            children: [
              { index: true, element: 'profile' },
              {
                path: 'tender-management',
                handle: { fragment: { remote: 'tenders', name: 'tenderWorkspace' } },
                element: 'gate',
                children: [{ path: '*', element: 'needs a newer site' }],
              },
            ],
          },
        ],
      },
    ];
    const [frame] = mountFragments(routes, mount);
    const [layout] = frame!.children!;
    const [profile, slot] = layout!.children!;
    expect(profile).toEqual({ index: true, element: 'profile' });
    expect(slot).toMatchObject({ path: 'tender-management', element: 'gate' });
    expect(slot!.children).toEqual([
      { index: true, element: 'tenders:tenderWorkspace' },
      { path: '*', element: 'tenders:tenderWorkspace' },
    ]);
    // The remote's own route objects are not changed (the remote's module is shared by every render).
    expect(routes[0]!.children![0]!.children![1]!.children![0]!.element).toBe('needs a newer site');
  });

  it('leaves a handle that names no known remote alone', () => {
    const routes: RouteObject[] = [
      {
        path: 'x',
        handle: { fragment: { remote: 'nowhere', name: 'y' } },
        children: [{ path: '*', element: 'fallback' }],
      },
      { path: 'z', handle: { title: 'other' }, element: 'page' },
    ];
    expect(mountFragments(routes, mount)).toEqual(routes);
  });
});

describe('a filled slot, routed', () => {
  const routes: RouteObject[] = [
    {
      path: 'account',
      element: <Outlet />,
      children: [
        {
          path: 'tender-management',
          handle: { fragment: { remote: 'tenders', name: 'tenderWorkspace' } },
          element: <Outlet />,
          children: [{ path: '*', element: <p>needs a newer site</p> }],
        },
      ],
    },
  ];
  function Routed() {
    return useRoutes(mountFragments(routes, ({ name }) => <p>mounted {name}</p>));
  }

  it('shows the fragment at the slot’s own path and below it', () => {
    for (const path of ['/account/tender-management', '/account/tender-management/5']) {
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routed />
        </MemoryRouter>,
      );
      expect(screen.getByText('mounted tenderWorkspace'), path).toBeTruthy();
      cleanup();
    }
  });
});

describe('fragmentsAt', () => {
  // A remote's routes for /account as its exposed module gives them: a frame, a layout, pages and slots, a catch-all.
  const slot = (path: string, remote: string, name: string): RouteObject => ({
    path,
    handle: { fragment: { remote, name } },
    element: 'gate',
    children: [
      { index: true, element: 'needs a newer site' },
      { path: '*', element: 'needs a newer site' },
    ],
  });
  const routes: RouteObject[] = [
    {
      element: 'frame',
      children: [
        {
          element: 'layout',
          children: [
            { index: true, element: 'profile' },
            { path: 'security', element: 'security' },
            slot('tender-management', 'tenders', 'tenderWorkspace'),
            slot('contracts', 'tenders', 'contracts'),
            slot('elsewhere', 'nowhere', 'x'),
            { path: '*', element: 'to the landing page' },
          ],
        },
      ],
    },
  ];

  it('names the fragment of the slot the path renders, at the slot’s own path and below it', () => {
    expect(fragmentsAt(routes, 'account', '/account/tender-management')).toEqual([
      { remote: 'tenders', name: 'tenderWorkspace' },
    ]);
    expect(fragmentsAt(routes, 'account', '/account/contracts/12')).toEqual([
      { remote: 'tenders', name: 'contracts' },
    ]);
  });

  it('names none for a page of the remote’s own, a path no route matches by name, or a handle of no known remote', () => {
    for (const path of [
      '/account',
      '/account/security',
      '/account/tender-management-old',
      '/account/elsewhere',
    ])
      expect(fragmentsAt(routes, 'account', path), path).toEqual([]);
  });
});
