import { Card, chakra, Heading, notify, Stack, Text } from '@bawaba/shared';
import type { EmailPrefs, NoticeGroup } from '@bawaba/shared/contracts';
import { Loading } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../api.ts';
import { useAccountProfile } from '../components/account-profile.ts';

const GROUPS: Record<NoticeGroup, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  requests: {
    label: msg`Service requests and my company`,
    hint: msg`Requests you send or receive, and the review of your company.`,
  },
  followed: {
    label: msg`Tenders in my services`,
    hint: msg`New tenders published in the services you offer or follow.`,
  },
  my_tenders: {
    label: msg`My tenders`,
    hint: msg`Approval, questions, interests and proposals on the tenders you publish.`,
  },
  my_proposals: {
    label: msg`My proposals and interests`,
    hint: msg`Answers, amendments, payments and outcomes of the tenders you take part in.`,
  },
};

/**
 * The groups in the contract's order (`NOTICE_GROUPS`): the record above has exactly the contract's keys (the
 * type says so). Read from it rather than imported: a value import of the contracts would bring every contract
 * schema onto the account's first page (≈ 5 KB gzip) for four names.
 */
const GROUP_ORDER = Object.keys(GROUPS) as NoticeGroup[];

/**
 * Email per group of events (PATCH /users/me `emailPrefs`): every event is always in-app; a ticked group is also
 * emailed, in the language the user chose (the language switch stores it on the account).
 */
export function EmailPreferences() {
  const { t, i18n } = useLingui();
  // The profile the account's layout asked for when it opened (components/account-profile.ts): not asked again here.
  const { profile, replace } = useAccountProfile();
  const [prefs, setPrefs] = useState<EmailPrefs | null>(null);
  const shown = prefs ?? profile?.emailPrefs ?? null;
  if (!shown) return <Loading />;

  const change = async (group: NoticeGroup, email: boolean) => {
    const previous = shown;
    setPrefs({ ...shown, [group]: email });
    try {
      const updated = await api.updateMe({ emailPrefs: { [group]: email } });
      setPrefs(updated.emailPrefs);
      replace(updated);
      notify.success(t`Email preferences saved`);
    } catch {
      setPrefs(previous);
    }
  };

  return (
    <Card.Root data-testid="email-preferences">
      <Card.Body>
        <Heading as="h2" size="md" mb="1">
          <Trans>Email notifications</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="4">
          <Trans>Every notification appears here on the site. Tick what you also want by email.</Trans>
        </Text>
        <Stack gap="3">
          {GROUP_ORDER.map((group) => (
            // A native checkbox: this card is on the account's first page, which stays within its JavaScript
            // budget without the lazy Chakra components (docs/performance.md, "JavaScript size").
            <Stack
              as="label"
              key={group}
              direction="row"
              gap="3"
              alignItems="flex-start"
              cursor="pointer"
              data-testid={`email-pref-${group}`}
            >
              <chakra.input
                type="checkbox"
                name={group}
                checked={shown[group]}
                onChange={(e) => void change(group, e.target.checked)}
                mt="1"
                w="4"
                h="4"
                flexShrink={0}
                accentColor="brand.solid"
              />
              <Stack gap="0">
                <Text fontWeight="medium">{i18n._(GROUPS[group].label)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {i18n._(GROUPS[group].hint)}
                </Text>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
