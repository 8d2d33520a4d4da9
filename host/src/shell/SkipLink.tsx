import { chakra } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';

/** The page's <main>, made focusable from script (tabindex -1: not a Tab stop of its own). */
export function focusableMain(): HTMLElement | null {
  const main = document.querySelector('main');
  if (!main) return null;
  main.id ||= 'main-content';
  main.tabIndex = -1;
  return main;
}

/**
 * "Skip to content": the first Tab stop of every page, hidden until it has the focus. Moves the focus to the
 * page's <main> (made programmatically focusable), so a keyboard user skips the top bar's links.
 */
export function SkipLink() {
  // The link's own fragment navigation focuses <main> once it has the id and is focusable.
  useEffect(() => {
    focusableMain();
  });
  return (
    <chakra.a
      href="#main-content"
      data-testid="skip-to-content"
      position="absolute"
      insetStart="2"
      top="2"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="md"
      bg="bg.panel"
      color="fg"
      fontWeight="semibold"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      colorPalette="brand"
    >
      <Trans>Skip to content</Trans>
    </chakra.a>
  );
}
