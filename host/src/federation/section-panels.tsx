import type { RemoteName } from '@bawaba/shared';
import { Box, Button, Heading, Spinner, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';

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

export function SectionUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
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
export function SectionNeedsNewerSite({ remote }: { remote: RemoteName }) {
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
export class RemoteErrorBoundary extends Component<
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

/** While a remote (a section or a fragment) loads. */
export function SectionLoading() {
  return (
    <Box py="16" textAlign="center" data-testid="section-loading">
      <Spinner size="lg" />
    </Box>
  );
}
