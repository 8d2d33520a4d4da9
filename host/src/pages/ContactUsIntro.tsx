import { Heading, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/**
 * The top of Contact us (./ContactUs.tsx): the heading and the intro, the page's largest text. Static (no API, no
 * lazy module), so host/build/prerender.ts paints it from HTML before any JavaScript, at the place
 * ContactUsPage renders it: the first child of the page's stack.
 */
export function ContactUsIntro() {
  return (
    <Stack gap="2">
      <Heading as="h1" size="3xl">
        <Trans>Contact us</Trans>
      </Heading>
      <Text color="fg.muted">
        <Trans>Questions about listing your company, a tender or your account? Write to us.</Trans>
      </Text>
    </Stack>
  );
}
