import type { LoadedRemote, RemoteName } from '@bawaba/shared';
import { Box, Button, Heading, type RouteObject, Spinner, Stack, Text, useRoutes } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode, startTransition, useEffect, useState } from 'react';
import { loadRemoteRoutes, resetRemote } from './load-remote.ts';

/** The panel a section shows instead of a remote that cannot render: what happened, and the one thing to do. */
function SectionPanel(props: {
  remote: RemoteName;
  testId: string;
  heading: ReactNode;
  text: ReactNode;
  action: ReactNode;
  onAction: () => void;
}) {
  return (
    <Box role="alert" data-testid={props.testId} data-remote={props.remote} py="16" px="6" textAlign="center">
      <Stack gap="4" align="center" maxW="lg" mx="auto">
        <Heading size="lg">{props.heading}</Heading>
        <Text color="fg.muted">{props.text}</Text>
        <Button colorPalette="brand" onClick={props.onAction}>
          {props.action}
        </Button>
      </Stack>
    </Box>
  );
}

function SectionUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <SectionPanel
      remote={remote}
      testId="section-unavailable"
      heading={<Trans>This section is unavailable right now</Trans>}
      text={<Trans>The rest of the site still works. Please try again in a moment.</Trans>}
      action={<Trans>Retry</Trans>}
      onAction={onRetry}
    />
  );
}

/** A remote built for a newer site than this host: it is not rendered; a reload gets the newest host. */
function SectionNeedsNewerSite({ remote }: { remote: RemoteName }) {
  return (
    <SectionPanel
      remote={remote}
      testId="section-needs-newer-site"
      heading={<Trans>This section needs a newer site version</Trans>}
      text={
        <Trans>
          Reload the page to get the latest version of the site. The rest of the site still works.
        </Trans>
      }
      action={<Trans>Reload</Trans>}
      onAction={() => window.location.reload()}
    />
  );
}

/** Catches render errors thrown by a remote's components so they stay inside the remote's section. */
class RemoteErrorBoundary extends Component<
  { remote: RemoteName; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[bawaba] remote "${this.props.remote}" failed while rendering`, error);
  }
  override render() {
    if (this.state.failed)
      return <SectionUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the routes a remote owns for one top-level segment, loading the remote on first visit.
 * A remote that is down or broken shows the translated "section unavailable" panel with Retry here;
 * the shell and the other remotes are untouched.
 */
export function RemoteOutlet({ remote, segment }: { remote: RemoteName; segment: string }) {
  const [loaded, setLoaded] = useState<LoadedRemote | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    void loadRemoteRoutes(remote).then((result) => {
      // A transition: React renders the remote's first page in slices of a few milliseconds instead of one
      // long task (Total Blocking Time); the spinner stays until the page commits.
      if (live) startTransition(() => setLoaded(result));
    });
    return () => {
      live = false;
    };
    // `attempt` re-runs the load after Retry.
  }, [remote, attempt]);

  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  if (!loaded) {
    return (
      <Box py="16" textAlign="center" data-testid="section-loading">
        <Spinner size="lg" />
      </Box>
    );
  }
  if ('unavailable' in loaded)
    return loaded.needsNewerSite ? (
      <SectionNeedsNewerSite remote={remote} />
    ) : (
      <SectionUnavailable remote={remote} onRetry={retry} />
    );
  return (
    <Box data-remote-section={remote}>
      <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
        <RemoteRoutes routes={loaded.remote.segments[segment] ?? []} />
      </RemoteErrorBoundary>
    </Box>
  );
}
