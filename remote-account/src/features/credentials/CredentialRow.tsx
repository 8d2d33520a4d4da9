import { Badge, Card, HStack, Stack, Text } from '@bawaba/shared';
import type { Credential, CredentialStatus } from '@bawaba/shared/contracts';
import { CREDENTIAL_KIND_LABELS, FileButton, ReasonLine, useDayFormat } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export const STATUS_LABELS: Record<CredentialStatus, MessageDescriptor> = {
  pending: msg`Waiting for verification`,
  verified: msg`Verified`,
  rejected: msg`Rejected`,
  expired: msg`Expired`,
};
const STATUS_COLORS: Record<CredentialStatus, string> = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
  expired: 'gray',
};

/**
 * One credential: its kind, number or title and issuer (typed by the company: their own direction), its dates, its
 * status (with the admin's reason when rejected) and its document. `heading` goes above (the admins' queue names the
 * company), `actions` at the end.
 */
export function CredentialRow({
  credential: c,
  heading,
  actions,
}: {
  credential: Credential;
  heading?: ReactNode;
  actions?: ReactNode;
}) {
  const { i18n } = useLingui();
  const day = useDayFormat();
  return (
    <Card.Root size="sm" data-testid="credential-row" data-status={c.status} data-kind={c.kind}>
      <Card.Body>
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1" minW="0">
            {heading}
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{i18n._(CREDENTIAL_KIND_LABELS[c.kind])}</Text>
              <Badge colorPalette={STATUS_COLORS[c.status]} data-testid="credential-status">
                {i18n._(STATUS_LABELS[c.status])}
              </Badge>
            </HStack>
            <Text dir="auto" data-testid="credential-title">
              {c.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                Issued by <bdi>{c.issuer}</bdi> on {day(c.issuedOn)} · expires {day(c.expiresOn)}
              </Trans>
            </Text>
            {c.rejectionReason && <ReasonLine reason={c.rejectionReason} />}
          </Stack>
          <HStack gap="2" wrap="wrap">
            <FileButton file={c.file} data-testid="credential-document">
              <Trans>Document</Trans>
            </FileButton>
            {actions}
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
