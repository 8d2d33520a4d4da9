import { render, screen } from '@testing-library/react';
import { createElement, useEffect, useState } from 'react';
import { expect, it } from 'vitest';

function AppearsAfter({ ms }: { ms: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return shown ? createElement('p', null, 'arrived') : null;
}

it('a findBy in any front-end test waits for a render slower than Testing Library’s 1 s default', async () => {
  render(createElement(AppearsAfter, { ms: 1500 }));
  expect((await screen.findByText('arrived')).tagName).toBe('P');
});
