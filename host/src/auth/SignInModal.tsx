import { notify, Portal, type SignInView, useSessionStore, useSignInStore } from '@bawaba/shared';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';
import { focusableMain } from '../shell/SkipLink.tsx';
import { ForgotForm } from './ForgotForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/**
 * The login modal (docs/product-spec.md §2 Shell): one on the page, opened with `requestSignIn()` by the top bar, the route
 * guard or a remote; closes on a click on the mask; no footer and no close icon. Switches in place to the
 * registration and forgot-password forms. After a sign-in the session store holds token and user.
 */
export function SignInModal() {
  const { t } = useLingui();
  const open = useSignInStore((s) => s.open);
  const view = useSignInStore((s) => s.view);
  const setView = useSignInStore((s) => s.setView);
  const finish = useSignInStore((s) => s.finish);
  const signedIn = () => {
    const user = useSessionStore.getState().user;
    // The user's name is isolated (FSI … PDI) in the sentence: a Latin name ending in ")" stays whole in Arabic.
    const name = user?.name ? `\u2068${user.name}\u2069` : undefined;
    if (name) notify.success(t`Welcome, ${name}`);
    finish(true);
  };
  // Where the focus goes back on close: the element that opened the modal, or — when it is gone (the
  // Login button is replaced by the account link after a sign-in) — the account link, else the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  const returnFocus = () =>
    opener.current?.isConnected && opener.current !== document.body
      ? opener.current
      : (document.querySelector<HTMLElement>('[data-testid="profile-link"]') ?? focusableMain());
  const titles: Record<SignInView, string> = {
    login: t`Sign in to Bawaba`,
    register: t`Create an account`,
    forgot: t`Forgot password`,
  };
  return (
    <Dialog.Root
      open={open}
      placement="center"
      closeOnInteractOutside
      lazyMount
      unmountOnExit
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open) finish(Boolean(useSessionStore.getState().token));
      }}
    >
      <Portal>
        <Dialog.Backdrop data-testid="login-mask" />
        <Dialog.Positioner>
          <Dialog.Content data-testid="login-modal" maxW="md" mx="4">
            <Dialog.Header>
              <Dialog.Title>{titles[view]}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {view === 'login' ? <LoginForm onDone={signedIn} go={setView} /> : null}
              {view === 'register' ? <RegisterForm go={setView} /> : null}
              {view === 'forgot' ? <ForgotForm go={setView} /> : null}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
