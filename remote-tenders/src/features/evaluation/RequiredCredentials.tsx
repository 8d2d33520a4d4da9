import { Badge, Box, Heading, Stack, Text } from '@bawaba/shared';
import { Wrap } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { CREDENTIAL_KIND_LABELS } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The credentials a tender requires to bid, as published; a bidder whose company lacks one is told so (the API's
 * refusal of their proposal, `CREDENTIALS_REQUIRED`). Nothing when the tender requires none.
 */
export function RequiredCredentials({
  tender,
}: {
  tender: Pick<Tender, 'requiredCredentials' | 'refusals'>;
}) {
  const { i18n } = useLingui();
  if (tender.requiredCredentials.length === 0) return null;
  return (
    <Box data-testid="required-credentials">
      <Heading as="h2" size="md" mb="2">
        <Trans>Credentials required to bid</Trans>
      </Heading>
      <Stack gap="2">
        <Wrap gap="2">
          {tender.requiredCredentials.map((kind) => (
            <Badge
              key={kind}
              variant="outline"
              colorPalette="green"
              data-testid="required-credential"
              data-kind={kind}
            >
              {i18n._(CREDENTIAL_KIND_LABELS[kind])}
            </Badge>
          ))}
        </Wrap>
        <Text fontSize="sm" color="fg.muted">
          <Trans>A bidder's company must hold each one, verified by Bawaba and not expired.</Trans>
        </Text>
        {tender.refusals.submitProposal === 'CREDENTIALS_REQUIRED' && (
          <Text fontSize="sm" color="fg.error" data-testid="credentials-missing">
            <Trans>
              Your company does not hold all of them yet: its administrators upload them on the Credentials
              page of the account.
            </Trans>
          </Text>
        )}
      </Stack>
    </Box>
  );
}
