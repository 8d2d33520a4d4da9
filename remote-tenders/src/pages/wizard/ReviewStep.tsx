import {
  Box,
  Button,
  DataList,
  formatMoney,
  formatNumber,
  Heading,
  HStack,
  PAYMENT_TERM_LABELS,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { AmountWords } from '../../components/AmountWords.tsx';
import { CalendarDate } from '../../components/CalendarDates.tsx';
import type { FileInfo } from '../../rules/draft.ts';
import { breakdownTotal, type ProposalForm } from '../../rules/proposal.ts';

interface Props {
  files: Record<string, FileInfo>;
  onEdit(step: number): void;
}

/** Step 3: everything once more before the confirmation dialog, each section with a way back. */
export function ReviewStep({ files, onEdit }: Props) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const values = useWatch<ProposalForm>() as ProposalForm;
  const money = (n: number) => (Number.isFinite(n) ? formatMoney(n, language, values.currency) : '—');
  const days = (n: number) => (Number.isFinite(n) ? t`${formatNumber(n, language)} days` : '—');
  const date = (d: string) => <CalendarDate value={d} />;

  const section = (title: string, step: number, body: React.ReactNode) => (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <HStack justify="space-between" mb="2">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Button size="xs" variant="ghost" onClick={() => onEdit(step)}>
          {t`Edit`}
        </Button>
      </HStack>
      {body}
    </Box>
  );
  const item = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item data-testid={testId}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );

  return (
    <Stack gap="4" data-testid="step-review">
      {section(
        t`Basic Information`,
        0,
        <DataList.Root orientation="horizontal" size="sm">
          {item(t`Proposal title`, values.title || '—', 'review-title')}
          {item(t`Proposal description`, <Text whiteSpace="pre-wrap">{values.description || '—'}</Text>)}
          {item(
            t`Supporting document`,
            values.attachment ? (files[values.attachment]?.name ?? t`Uploaded document`) : '—',
          )}
        </DataList.Root>,
      )}
      {section(
        t`Commercial Offer`,
        1,
        <DataList.Root orientation="horizontal" size="sm">
          {item(
            t`Proposal value`,
            <>
              {money(values.offer_price)}
              {Number.isFinite(values.offer_price) && (
                <AmountWords amount={values.offer_price} currency={values.currency} />
              )}
            </>,
            'review-offer',
          )}
          {item(t`Currency`, values.currency)}
          {item(t`Project duration`, days(values.period))}
          {item(t`Payment terms`, i18n._(PAYMENT_TERM_LABELS[values.payment_terms]))}
          {item(
            t`Price breakdown`,
            values.breakdown.length
              ? t`${formatNumber(values.breakdown.length, language)} items, ${formatMoney(breakdownTotal(values.breakdown), language)}`
              : t`None`,
            'review-breakdown',
          )}
          {item(
            t`Price documents`,
            values.priceDocuments.length
              ? values.priceDocuments.map((id) => files[id]?.name ?? t`Uploaded document`).join(', ')
              : t`None`,
            'review-price-documents',
          )}
        </DataList.Root>,
      )}
      {section(
        t`Technical Proposal`,
        2,
        <Stack gap="3">
          {values.milestones.map((m, index) => (
            <Box key={index} data-testid="review-milestone">
              <Text fontWeight="semibold">
                {t`Milestone ${index + 1}`}: {m.title || '—'}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {money(m.amount)} · {days(m.period)} · {date(m.start_date)} – {date(m.end_date)} ·{' '}
                {t`Expected finish date`}: {date(m.expected_completion_date)}
                {m.documents.length > 0 && ` · ${t`${formatNumber(m.documents.length, language)} documents`}`}
              </Text>
            </Box>
          ))}
        </Stack>,
      )}
    </Stack>
  );
}
