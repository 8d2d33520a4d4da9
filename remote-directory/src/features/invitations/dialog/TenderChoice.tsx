import { chakra, formatDate, HStack, Stack, Text, useSessionStore } from '@bawaba/shared';
import type { InvitableTender } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { Invitee } from '../invitee.ts';

/**
 * The invitation's tender, picked with a radio among the user's tenders that take invitations; a tender that already
 * invites every one of the companies cannot be picked.
 */
export function TenderChoice({
  tenders: list,
  companies,
  picked,
  disabled,
  onPick,
}: {
  tenders: InvitableTender[];
  companies: Invitee[];
  picked: number | null;
  disabled: boolean;
  onPick(tenderId: number): void;
}) {
  const language = useSessionStore((s) => s.language);
  const legendId = useId();
  const total = companies.length;
  const invitedOf = (tender: InvitableTender) =>
    companies.filter((c) => tender.invitedCompanyIds.includes(c.id)).length;
  return (
    <chakra.fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      border="none"
      p="0"
      m="0"
      minW="0"
      data-testid="invite-tenders"
    >
      <chakra.legend id={legendId} fontWeight="medium" mb="2">
        <Trans>Choose one of your tenders</Trans>
      </chakra.legend>
      <Stack gap="2">
        {list.map((tender) => {
          const invited = invitedOf(tender);
          const all = invited === companies.length;
          return (
            <HStack
              as="label"
              key={tender.id}
              align="start"
              gap="3"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              cursor={all ? 'not-allowed' : 'pointer'}
              opacity={all ? 0.6 : 1}
              borderColor={picked === tender.id ? 'brand.solid' : 'border'}
              data-testid="invite-tender-option"
              data-tender-id={tender.id}
            >
              <chakra.input
                type="radio"
                name="invite-tender"
                value={tender.id}
                checked={picked === tender.id}
                disabled={all || disabled}
                onChange={() => onPick(tender.id)}
                mt="1"
                w="4"
                h="4"
                flexShrink={0}
                accentColor="brand.solid"
                data-testid="invite-tender-radio"
              />
              <Stack gap="0.5" minW="0">
                {/* Number and title are each isolated (bdi: their own direction) and kept apart by a
                    separator in the text itself: a margin on an LTR number falls on its outer side in
                    Arabic, which glued the number to a title ending in digits. */}
                <Text fontWeight="medium" data-testid="invite-tender-label">
                  <chakra.bdi color="fg.muted">{tender.number}</chakra.bdi>
                  {' · '}
                  <chakra.bdi {...textLangProps(tender.titleLang)}>{tender.title}</chakra.bdi>
                </Text>
                {tender.deadline && (
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>Deadline: {formatDate(tender.deadline, language)}</Trans>
                  </Text>
                )}
                {all ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="already-invited">
                    <Trans>Already invited</Trans>
                  </Text>
                ) : invited > 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>
                      Already invites {invited} of {total}
                    </Trans>
                  </Text>
                ) : null}
              </Stack>
            </HStack>
          );
        })}
      </Stack>
    </chakra.fieldset>
  );
}
