import { Alert, Button, chakra, HStack, Stack, Text } from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

const Secret = chakra('code', {
  base: {
    fontFamily: 'mono',
    fontSize: 'sm',
    wordBreak: 'break-all',
    bg: 'bg.muted',
    px: '2',
    py: '1',
    rounded: 'sm',
  },
});

/**
 * A signing secret the API answers only this once (on creating a subscription and on rotating its secret): shown
 * in monospace with a copy button and the warning that it will not be shown again. It takes the focus when it
 * appears, so a screen reader announces it; "Done" forgets it.
 */
export function OneTimeSecret({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setCopied(false);
    box.current?.focus();
  }, [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the secret stays on screen to copy by hand.
    }
  };
  return (
    <Alert.Root
      status="warning"
      ref={box}
      tabIndex={-1}
      aria-labelledby="webhook-secret-title"
      data-testid="webhook-secret"
    >
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title id="webhook-secret-title">
          <Trans>Signing secret</Trans>
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>
              <Trans>
                Copy this secret now and keep it safe: it will not be shown again. Your endpoint uses it to
                check that each event comes from Bawaba.
              </Trans>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                For <bdi dir="ltr">{url}</bdi>
              </Trans>
            </Text>
            <Secret dir="ltr" data-testid="webhook-secret-value">
              {secret}
            </Secret>
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => void copy()}
                data-testid="webhook-secret-copy"
              >
                {copied ? t`Copied` : t`Copy the secret`}
              </Button>
              <Button size="sm" variant="ghost" onClick={onDone} data-testid="webhook-secret-done">
                <Trans>I have saved it</Trans>
              </Button>
            </HStack>
            <Text aria-live="polite" srOnly>
              {copied ? t`The secret was copied.` : ''}
            </Text>
          </Stack>
        </Alert.Description>
      </Stack>
    </Alert.Root>
  );
}
