import { IconButton } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { INITIAL_SCROLL_STATE, nextScrollState } from '../rules/scroll-to-top.ts';
import { ArrowUpIcon } from './icons.tsx';

/** The floating scroll-to-top button, smart mode (docs/product-spec.md §4; rule in rules/scroll-to-top.ts). */
export function ScrollToTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let state = INITIAL_SCROLL_STATE;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        state = nextScrollState(state, window.scrollY, window.innerHeight);
        setVisible(state.visible);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <IconButton
      aria-label={t`Scroll to top`}
      data-testid="scroll-to-top"
      position="fixed"
      bottom="6"
      insetEnd="6"
      zIndex="docked"
      borderRadius="full"
      colorPalette="brand"
      boxShadow="lg"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon boxSize="5" />
    </IconButton>
  );
}
