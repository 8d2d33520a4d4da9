import {
  formatDate,
  formatMoney,
  formatNumber,
  HStack,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Amendment, Tender } from '@bawaba/shared/contracts';
import { ActedBy } from '@bawaba/shared/kit';
import { AMENDMENT_MIN_DAYS_LEFT } from '@bawaba/shared/rules';
import { textLangProps, useVersion, VersionSwitch } from '@bawaba/shared/user-text';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { listAmendments } from '../api.ts';

/**
 * The owner's reason for an amendment, in the reader's language (else the other), marked with its language, with the
 * "also in" switch where both versions are written.
 */
function AmendmentReason({ amendment: a }: { amendment: Amendment }) {
  const reason = useVersion({ text: a.reason, lang: a.reasonLang, en: a.reasonEn, ar: a.reasonAr });
  return (
    <HStack gap="2" wrap="wrap">
      <Text {...textLangProps(reason.lang)} data-testid="amendment-reason">
        {reason.text}
      </Text>
      <VersionSwitch other={reason.other} onSwitch={reason.show} />
    </HStack>
  );
}

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  description: msg`Description`,
  documents: msg`Documents`,
  bond: msg`Bond`,
  participationFee: msg`Participation fee`,
  start_date: msg`Start date`,
  end_date: msg`End date`,
  deadline: msg`Deadline`,
  clarification_cutoff: msg`Questions until`,
  evaluation: msg`Evaluation method`,
  standstillDays: msg`Standstill after the award (working days)`,
};
/** Changes the amendment names without before and after (the tender page shows the current version). */
const REWRITTEN_FIELDS = new Set(['description', 'evaluation']);
const DATE_FIELDS = new Set(['start_date', 'end_date', 'deadline', 'clarification_cutoff']);

/**
 * The numbered amendments, newest first: what changed (before → after) and why; who made each, when the API tells
 * (the tender's own side).
 */
export function AmendmentHistory({ tender }: { tender: Tender }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`amendments|${tender.id}|${tender.amendmentCount}|${language}`, () =>
    listAmendments(tender.id),
  );
  if (tender.amendmentCount === 0 || !list.data || list.data.length === 0) return null;
  const value = (a: Amendment['changes'][number], v: string | number | null) => {
    if (v === null || v === '') return '—';
    if (DATE_FIELDS.has(a.field)) return formatDate(String(v), language);
    if (a.field === 'standstillDays') return formatNumber(Number(v), language);
    if (typeof v === 'number') return formatMoney(v, language, tender.currency);
    return v;
  };
  return (
    <section aria-labelledby="amendments-title" data-testid="amendments">
      <Text as="h2" id="amendments-title" fontWeight="semibold" fontSize="lg" mb="2">
        {t`Amendments`}
      </Text>
      <Stack gap="3">
        {list.data.map((a) => (
          <Stack
            key={a.number}
            gap="1"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="amendment"
            data-number={a.number}
          >
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="medium">{t`Amendment ${a.number}`}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(a.createdAt, language)}
              </Text>
            </HStack>
            {a.actor && (
              <Text fontSize="sm" color="fg.muted" data-testid="amendment-actor">
                <Trans>
                  By <ActedBy actor={a.actor} />
                </Trans>
              </Text>
            )}
            <AmendmentReason amendment={a} />
            <Stack as="ul" gap="0.5" fontSize="sm" ps="4" listStyleType="disc">
              {a.changes.map((c) => (
                <li key={c.field}>
                  <Text as="span" fontWeight="medium">
                    {FIELD_LABELS[c.field] ? i18n._(FIELD_LABELS[c.field]!) : c.field}
                  </Text>
                  {REWRITTEN_FIELDS.has(c.field) ? (
                    <Text as="span">
                      {' '}
                      {c.field === 'description'
                        ? t`was rewritten`
                        : t`was changed: the tender shows the new one`}
                    </Text>
                  ) : (
                    <Text as="span">
                      : <bdi>{value(c, c.before)}</bdi> → <bdi>{value(c, c.after)}</bdi>
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
            {a.deadlinePushed && (
              <Text fontSize="sm" color="orange.fg" data-testid="deadline-pushed">
                {t`The deadline was extended so that bidders keep at least ${AMENDMENT_MIN_DAYS_LEFT} working days to react.`}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </section>
  );
}
