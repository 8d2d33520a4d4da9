import {
  AppToaster,
  activateLanguage,
  Box,
  Container,
  Flex,
  http,
  i18n,
  MountOnceWanted,
  Outlet,
  PopupHost,
  useLocation,
  useNavigate,
  useSessionStore,
  useSignInStore,
  useSingletonProbe,
} from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useLiveNotifications } from '../notifications/live.ts';
import { Footer } from './Footer.tsx';
import { connectHttpShell } from './http-shell.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { NewReleaseNotice } from './NewReleaseNotice.tsx';
import { ScrollToTopButton } from './ScrollToTopButton.tsx';
import { TopBar } from './TopBar.tsx';

// The login modal and its forms (react-hook-form, the contracts' schemas) are fetched the first time
// someone asks to sign in, not with the first page (initial JavaScript budget).
const SignInModal = lazy(() => import('../auth/SignInModal.tsx').then((m) => ({ default: m.SignInModal })));

function LazySignInModal() {
  const open = useSignInStore((s) => s.open);
  return (
    <MountOnceWanted wanted={open}>
      <SignInModal />
    </MountOnceWanted>
  );
}

/**
 * Spec §2: every completed navigation scrolls to the top. A component of its own (as HttpShell below): state
 * that changes often lives in the leaf that shows it, so a navigation or a call does not re-render the shell.
 */
function ScrollToTopOnNavigate() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

/**
 * Renders its children one task after the shell's first commit, as a transition: the first commit (where Emotion
 * inserts every style it renders) stays shorter, and what is always below the fold (the footer: <main> is at
 * least a viewport tall) commits on its own (Total Blocking Time). Nothing visible moves.
 */
function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => window.clearTimeout(id);
  }, []);
  return ready ? children : null;
}

/** The spinner of every call and the error popups of failed ones (docs/product-spec.md §8). */
function HttpShell() {
  const navigate = useNavigate();
  const [spinner, setSpinner] = useState(false);
  useEffect(() => connectHttpShell({ onSpinner: setSpinner, goTo: (path) => navigate(path) }), [navigate]);
  return <LoadingOverlay visible={spinner} />;
}

/**
 * The shell around every page: top bar, the page, footer; and the site-wide services — the spinner and
 * the error popups of every call, toasts, popups, the login modal, the live notifications and the
 * scroll-to-top button.
 */
export function ShellLayout() {
  const language = useSessionStore((s) => s.language);
  useSingletonProbe('host', {
    react: React,
    sessionStore: useSessionStore,
    http,
    i18n,
    emotionCache: useEmotionCache(),
  });
  useEffect(() => {
    void activateLanguage(language);
  }, [language]);
  useLiveNotifications();

  return (
    <Flex direction="column" minH="100vh">
      {/* A boundary of its own: hydrating the server's page, React hydrates what is inside a boundary in slices of a
          few milliseconds, yielding to input between them, where the shell outside any boundary is hydrated in one
          task (Total Blocking Time). Nothing inside suspends, so there is no fallback to show. */}
      <Suspense>
        <TopBar />
      </Suspense>
      {/* At least a viewport tall: the footer starts below the fold, so a page whose content arrives later
          (a remote, its data) never pushes a visible footer down (layout shift). Same as the static shell
          in index.html. */}
      <Box as="main" flex="1" minH="100vh">
        {/* Spec §4: switching the language reloads the current route (remounted in the new language). */}
        <Container key={language} maxW="7xl" py="6">
          <Outlet />
        </Container>
      </Box>
      <AfterFirstCommit>
        <Footer />
        <NewReleaseNotice />
      </AfterFirstCommit>
      <ScrollToTopButton />
      <ScrollToTopOnNavigate />
      <HttpShell />
      <LazySignInModal />
      <PopupHost />
      <AppToaster />
    </Flex>
  );
}
