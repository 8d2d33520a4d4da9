import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { BundledChakra, Timeline, withBundledRecipes } from './chakra-bundled.tsx';
import { getSystem } from './system.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

describe('the bundled Chakra bridge', () => {
  it("adds the bundled components' recipes to the page's one system, and delegates everything else to it", () => {
    const page = getSystem();
    const bridged = withBundledRecipes(page);
    expect(page.isSlotRecipe('timeline')).toBe(false);
    expect(bridged.isSlotRecipe('timeline')).toBe(true);
    expect(Object.keys(bridged.getSlotRecipeFn('timeline').classNameMap)).toEqual(
      expect.arrayContaining(['root', 'item', 'indicator']),
    );
    expect(bridged.getSlotRecipeFn('card')).toBe(page.getSlotRecipeFn('card'));
    expect(bridged.token).toBe(page.token);
  });

  it('renders a bundled Timeline styled by its recipe inside the page', () => {
    render(
      <AppProviders>
        <BundledChakra>
          <Timeline.Root data-testid="timeline">
            <Timeline.Item>
              <Timeline.Content>
                <Timeline.Title>Published</Timeline.Title>
              </Timeline.Content>
            </Timeline.Item>
          </Timeline.Root>
        </BundledChakra>
      </AppProviders>,
    );
    expect(screen.getByTestId('timeline').className).toMatch(/chakra-timeline__root/);
    expect(screen.getByRole('listitem').textContent).toBe('Published');
  });
});
