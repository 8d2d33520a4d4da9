/**
 * The floating scroll-to-top button in smart mode (docs/product-spec.md §4): it arms once the page has been scrolled more
 * than two viewport heights, shows while the user scrolls upward from there (hides again on the way
 * down), and everything resets at the top. (Classic mode — show after one viewport height — is not used.)
 */
export interface ScrollState {
  armed: boolean;
  visible: boolean;
  lastY: number;
}

export const INITIAL_SCROLL_STATE: ScrollState = { armed: false, visible: false, lastY: 0 };

export function nextScrollState(state: ScrollState, y: number, viewportHeight: number): ScrollState {
  const top = Math.max(0, y);
  if (top === 0) return INITIAL_SCROLL_STATE;
  const armed = state.armed || top > 2 * viewportHeight;
  const goingUp = top < state.lastY;
  const goingDown = top > state.lastY;
  const visible = armed && (goingUp || (!goingDown && state.visible));
  return { armed, visible, lastY: top };
}
