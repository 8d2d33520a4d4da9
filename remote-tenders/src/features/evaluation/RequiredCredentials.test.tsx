import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderPage, tender } from '../../test-utils.tsx';
import { RequiredCredentials } from './RequiredCredentials.tsx';

beforeAll(activateEnglish);
afterEach(cleanup);

const bidder = { id: 3, isAdmin: false };

describe('the credentials a tender requires', () => {
  it('lists them and tells a bidder whose company lacks one, as the API refuses their proposal', () => {
    renderPage(
      <RequiredCredentials
        tender={tender({ requiredCredentials: ['iso_certificate', 'tax_card'] }, bidder)}
      />,
    );
    expect(screen.getAllByTestId('required-credential').map((b) => b.textContent)).toEqual([
      'ISO certificate',
      'Tax card',
    ]);
    expect(screen.getByTestId('credentials-missing').textContent).toContain('does not hold all of them yet');
  });

  it('does not warn a reader the API does not refuse for them, and shows nothing for a tender requiring none', () => {
    const owner = tender({ requiredCredentials: ['tax_card'], isOwner: true, ownerId: 3 }, bidder);
    renderPage(<RequiredCredentials tender={owner} />);
    expect(screen.getByTestId('required-credentials')).toBeTruthy();
    expect(screen.queryByTestId('credentials-missing')).toBeNull();
    cleanup();
    renderPage(<RequiredCredentials tender={tender({}, bidder)} />);
    expect(screen.queryByTestId('required-credentials')).toBeNull();
  });
});
