/** One Chromium lookup for the e2e, the size budget and Lighthouse. */
export { chromiumPath } from '../../scripts/lib.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
