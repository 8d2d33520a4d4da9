import { Alert, HStack, Stack, Text } from '@bawaba/shared';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invitee } from '../invitee.ts';

/** One company's outcome: invited (told now, or once the tender is approved), or the server's refusal. */
export type InviteResult =
  | { company: Invitee; ok: true; toldNow: boolean }
  | { company: Invitee; ok: false; message: string };

/** What happened: one company (sent, and when it is told), or a line per company. */
export function InviteResults({ results }: { results: InviteResult[] }) {
  const { t } = useLingui();
  const first = results[0];
  if (results.length === 1 && first?.ok)
    return (
      <Alert.Root status="success" role="status" data-testid="invite-sent">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <Trans>Invitation sent</Trans>
          </Alert.Title>
          <Alert.Description>
            {first.toldNow ? (
              <Trans>The company has been told about your tender.</Trans>
            ) : (
              <Trans>The company will be told once your tender is approved and published.</Trans>
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  const count = results.filter((r) => r.ok).length;
  const total = results.length;
  return (
    <Stack gap="3" role="status" data-testid="invite-results">
      <Text fontWeight="semibold">
        <Trans>
          {count} of {total} companies invited
        </Trans>
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Invitation results`}>
        {results.map((r) => (
          <HStack
            as="li"
            key={r.company.id}
            justify="space-between"
            align="start"
            gap="3"
            borderBottomWidth="1px"
            pb="2"
            data-testid="invite-result"
            data-company-id={r.company.id}
            data-ok={r.ok ? 'true' : 'false'}
          >
            <Text fontWeight="medium" {...textLangProps(r.company.nameLang)}>
              {r.company.name}
            </Text>
            <Text fontSize="sm" color={r.ok ? 'fg.success' : 'fg.error'} textAlign="end" dir="auto">
              {r.ok ? (r.toldNow ? t`Invited` : t`Invited (told once approved)`) : r.message}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
