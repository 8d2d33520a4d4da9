import { Box, Button, requestSignIn, Text, useNavigate, useSessionStore } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { useSessionEnding } from './session-ending.ts';

/**
 * Guarded routes (docs/product-spec.md §2, §6) need a signed-in user. Signed out, the login modal opens over the page; once
 * the user signs in the route renders (the URL never changed, so the user continues where they meant to
 * go); closing the modal without signing in goes home.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const ending = useSessionEnding((s) => s.ending);
  const navigate = useNavigate();

  useEffect(() => {
    // While the 401 warning is up, the shell goes to the root after it closes: no modal under it.
    if (token || ending) return;
    let live = true;
    void requestSignIn().then((signedIn) => {
      if (live && !signedIn) navigate('/home', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [token, ending, navigate]);

  if (token) return children;
  return (
    <Box py="16" textAlign="center" data-testid="sign-in-required">
      <Text mb="4">
        <Trans>Please sign in to continue.</Trans>
      </Text>
      <Button colorPalette="brand" onClick={() => void requestSignIn()}>
        <Trans>Login</Trans>
      </Button>
    </Box>
  );
}
