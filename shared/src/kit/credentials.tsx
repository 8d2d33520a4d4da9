import { Badge, HStack, intlLocale, Span, useSessionStore } from '@bawaba/shared';
import type { CredentialBadge, CredentialKind } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** What each kind of credential is called (shared/src/contracts/credentials.ts `CREDENTIAL_KINDS`). */
export const CREDENTIAL_KIND_LABELS: Record<CredentialKind, MessageDescriptor> = {
  commercial_registration: msg`Commercial registration`,
  tax_card: msg`Tax card`,
  iso_certificate: msg`ISO certificate`,
  classification_certificate: msg`Classification certificate`,
  other: msg`Other credential`,
};

/** A calendar day (yyyy-mm-dd) as "12 Mar 2027" in the page's language and digits. */
export function useDayFormat(): (day: string) => string {
  const language = useSessionStore((s) => s.language);
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day: string) => format.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/**
 * A company's verified credentials as dated badges ("Tax card · Verified · expires 12 Mar 2027"); the number or title
 * the company typed, when the API sends it (not to anonymous visitors), in its own direction. Nothing without badges.
 */
export function CredentialBadges({ badges }: { badges: readonly CredentialBadge[] }) {
  const { i18n, t } = useLingui();
  const day = useDayFormat();
  if (badges.length === 0) return null;
  return (
    <HStack wrap="wrap" gap="1.5" aria-label={t`Verified credentials`} data-testid="credential-badges">
      {badges.map((b) => (
        <Badge
          key={`${b.kind}-${b.expiresOn}-${b.title ?? ''}`}
          variant="subtle"
          colorPalette="green"
          data-testid="credential-badge"
          data-kind={b.kind}
        >
          {i18n._(CREDENTIAL_KIND_LABELS[b.kind])}
          {b.title && (
            <>
              {' '}
              <Span dir="auto">({b.title})</Span>
            </>
          )}
          {' · '}
          <Trans>Verified · expires {day(b.expiresOn)}</Trans>
        </Badge>
      ))}
    </HStack>
  );
}
