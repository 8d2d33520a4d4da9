import { AppProviders, MemoryRouter } from '@bawaba/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateEnglish } from '../test-utils.tsx';

vi.mock('../features/workspace/owner-api.ts', () => ({
  ownerApi: { myTenders: vi.fn(async () => ({ items: [], totalItems: 0, pageCount: 0, page: 1 })) },
}));
vi.mock('../features/bidder/bidder-api.ts', () => ({
  bidderApi: {
    myProposals: vi.fn(async () => []),
    myInterests: vi.fn(async () => []),
    receivedInvitations: vi.fn(async () => []),
  },
}));

vi.mock('../features/contracts/contracts-api.ts', () => ({
  contractsApi: { list: vi.fn(async () => []) },
}));

let fragments: Record<string, ComponentType>;
beforeAll(async () => {
  // What the build defines for the exposed module.
  Object.assign(globalThis, { __BAWABA_BUILD_LABEL__: 'test' });
  ({ fragments } = (await import('./routes.tsx')) as unknown as { fragments: Record<string, ComponentType> });
  await activateEnglish();
});
afterEach(cleanup);

/** What the host does with a fragment: render it under Suspense, inside the account area's slot. */
describe('the fragments the host mounts in the account area', () => {
  it.each([
    ['tenderWorkspace', 'account-page-tender-management'],
    ['bidderProposals', 'account-page-submitted-proposals'],
    ['bidderInterests', 'account-page-my-interests'],
    ['contracts', 'account-page-contracts'],
  ])('%s renders its page', async (name, testId) => {
    const Fragment = fragments[name]!;
    render(
      <AppProviders>
        <MemoryRouter>
          <Suspense fallback={<p>loading</p>}>
            <Fragment />
          </Suspense>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByTestId(testId, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('exposes exactly the fragments the account remote names in its slots', () => {
    expect(Object.keys(fragments).sort()).toEqual([
      'bidderInterests',
      'bidderProposals',
      'contracts',
      'tenderWorkspace',
    ]);
  });
});
