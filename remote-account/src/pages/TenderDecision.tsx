import {
  Badge,
  Box,
  Button,
  Field,
  formatDate,
  formatMoney,
  formatNumber,
  HStack,
  Input,
  notify,
  PAYMENT_TERM_LABELS,
  Stack,
  StatusBadge,
  Text,
  Textarea,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type {
  AmendmentBody,
  ComparisonQuery,
  ComparisonRow,
  ProposalAwardRefusal,
  Tender,
  TenderEventKind,
} from '@bawaba/shared/contracts';
import { AMENDMENT_MIN_DAYS_LEFT } from '@bawaba/shared/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { api } from '../api.ts';
import { Empty, LoadFailed, Loading } from '../components/ui.tsx';
import { toLocalDateTime } from './TenderForm.tsx';

/**
 * The owner's way from a published tender to a decision (api/README.md "Tender lifecycle"): amend while it is
 * published, compare the proposals once the deadline opened them (sortable, CSV), shortlist or mark not
 * responsive, then award one, close without award, or cancel — and the audit trail of it all. The server decides
 * what is allowed; these buttons only follow its state.
 */
export function DecisionPanel({ tender, onChanged }: { tender: Tender; onChanged: () => void }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [form, setForm] = useState<'amend' | 'no-award' | 'cancel' | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = () => {
    setForm(null);
    setVersion((n) => n + 1);
    onChanged();
  };
  const state = tender.state;
  const deadline = formatDate(tender.deadline, language);
  const outcomeAt = formatDate(tender.outcome?.at ?? null, language);

  const end = async (how: 'no-award' | 'cancel', reason: string) => {
    await api.endTender(tender.id, how, reason);
    notify.success(how === 'cancel' ? t`Tender cancelled` : t`Tender closed without award`);
    refresh();
  };

  return (
    <Stack gap="4" data-testid="decision-panel" data-state={state}>
      <Text fontSize="sm" data-testid="decision-status">
        {state === 'published'
          ? t`Accepting questions and proposals until ${deadline}. Proposals stay sealed until then.`
          : state === 'bids_opened'
            ? t`Bids opened on ${deadline}: compare the proposals, then award one, close without award or cancel.`
            : state === 'awarded'
              ? t`Awarded on ${outcomeAt}.`
              : state === 'no_award'
                ? t`Closed without award on ${outcomeAt}.`
                : t`Cancelled on ${outcomeAt}.`}
      </Text>
      {/* The owner's actions are those the API says they may take now (`can`). */}
      {(tender.can.amend || tender.can.noAward || tender.can.cancel) && (
        <HStack gap="2" wrap="wrap">
          {tender.can.amend && (
            <Button size="sm" variant="outline" onClick={() => setForm('amend')} data-testid="amend-tender">
              <Trans>Amend</Trans>
            </Button>
          )}
          {tender.can.noAward && (
            <Button size="sm" variant="outline" onClick={() => setForm('no-award')} data-testid="no-award">
              <Trans>Close without award</Trans>
            </Button>
          )}
          {tender.can.cancel && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setForm('cancel')}
              data-testid="cancel-tender"
            >
              <Trans>Cancel tender</Trans>
            </Button>
          )}
        </HStack>
      )}
      {form === 'amend' && <AmendForm tender={tender} onDone={refresh} onCancel={() => setForm(null)} />}
      {form === 'no-award' && (
        <ReasonForm
          label={t`Why is nothing awarded? (published on the tender page)`}
          submit={t`Close without award`}
          onSubmit={(reason) => end('no-award', reason)}
          onCancel={() => setForm(null)}
          testId="no-award-form"
        />
      )}
      {form === 'cancel' && (
        <ReasonForm
          label={t`Why is the tender cancelled? (published on the tender page)`}
          submit={t`Cancel tender`}
          onSubmit={(reason) => end('cancel', reason)}
          onCancel={() => setForm(null)}
          testId="cancel-form"
          danger
        />
      )}
      <ComparisonView tender={tender} version={version} onChanged={refresh} />
      <HistoryList tenderId={tender.id} version={version} />
    </Stack>
  );
}

/** A required text and a confirm button: the reason of an ending, the note of an award. */
function ReasonForm({
  label,
  submit,
  onSubmit,
  onCancel,
  testId,
  required = true,
  danger = false,
}: {
  label: string;
  submit: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
  testId: string;
  required?: boolean;
  danger?: boolean;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      data-testid={testId}
      onSubmit={async (event) => {
        event.preventDefault();
        if (required && !text.trim()) return;
        setSending(true);
        try {
          await onSubmit(text.trim());
        } catch {
          // The shell shows the server's message.
        } finally {
          setSending(false);
        }
      }}
    >
      <Field.Root required={required}>
        <Field.Label>{label}</Field.Label>
        <Textarea
          name="reason"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          dir="auto"
        />
      </Field.Root>
      <HStack gap="2" mt="2">
        <Button
          type="submit"
          size="sm"
          colorPalette={danger ? 'red' : 'brand'}
          loading={sending}
          disabled={required && !text.trim()}
        >
          {submit}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Back</Trans>
        </Button>
      </HStack>
    </form>
  );
}

/** A numbered amendment: the changed fields only, with the reason; the server applies the deadline rule. */
function AmendForm({
  tender,
  onDone,
  onCancel,
}: {
  tender: Tender;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const initial = {
    description: tender.description,
    deadline: toLocalDateTime(tender.deadline),
    clarification_cutoff: toLocalDateTime(tender.clarificationCutoff),
    bond: String(tender.bond),
    participationFee: String(tender.participationFee),
  };
  const [values, setValues] = useState({ ...initial, reason: '' });
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: AmendmentBody = { reason: values.reason };
    if (values.description !== initial.description) body.description = values.description;
    if (values.deadline !== initial.deadline) body.deadline = iso(values.deadline);
    if (values.clarification_cutoff !== initial.clarification_cutoff)
      body.clarification_cutoff = iso(values.clarification_cutoff);
    if (values.bond !== initial.bond) body.bond = Number(values.bond);
    if (values.participationFee !== initial.participationFee)
      body.participationFee = Number(values.participationFee);
    setSending(true);
    try {
      const amendment = await api.amend(tender.id, body);
      notify.success(
        amendment.deadlinePushed
          ? t`Amendment ${amendment.number} published; the deadline was extended.`
          : t`Amendment ${amendment.number} published`,
      );
      onDone();
    } catch {
      // The shell shows the server's message.
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="amend-form">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Every participant is notified. An amendment leaves bidders at least {AMENDMENT_MIN_DAYS_LEFT} days
            before the deadline: a closer deadline is extended.
          </Trans>
        </Text>
        <Field.Root required>
          <Field.Label>
            <Trans>Reason for the amendment</Trans>
          </Field.Label>
          <Input name="reason" value={values.reason} maxLength={500} onChange={set('reason')} dir="auto" />
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Description</Trans>
          </Field.Label>
          <Textarea name="description" value={values.description} onChange={set('description')} dir="auto" />
        </Field.Root>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <Field.Root maxW="xs">
            <Field.Label>
              <Trans>Deadline for proposals</Trans>
            </Field.Label>
            <Input type="datetime-local" name="deadline" value={values.deadline} onChange={set('deadline')} />
          </Field.Root>
          <Field.Root maxW="xs">
            <Field.Label>
              <Trans>Questions until</Trans>
            </Field.Label>
            <Input
              type="datetime-local"
              name="clarification_cutoff"
              value={values.clarification_cutoff}
              onChange={set('clarification_cutoff')}
            />
          </Field.Root>
          <Field.Root maxW="40">
            <Field.Label>
              <Trans>Participation fee</Trans>
            </Field.Label>
            <Input
              type="number"
              min={0}
              name="participationFee"
              value={values.participationFee}
              onChange={set('participationFee')}
            />
          </Field.Root>
          <Field.Root maxW="40">
            <Field.Label>
              <Trans>Bond</Trans>
            </Field.Label>
            <Input type="number" min={0} name="bond" value={values.bond} onChange={set('bond')} />
          </Field.Root>
        </HStack>
        <HStack gap="2">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={sending}
            disabled={!values.reason.trim()}
          >
            <Trans>Publish amendment</Trans>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

type Sort = NonNullable<ComparisonQuery['sort']>;
const EVALUATION_LABELS: Record<NonNullable<ComparisonRow['evaluation']>, MessageDescriptor> = {
  shortlisted: msg`Shortlisted`,
  not_responsive: msg`Not responsive`,
};

/** How each reason the API gives for refusing to award a proposal (its row's `awardRefusal`) is told. */
const AWARD_REFUSALS: Record<ProposalAwardRefusal, MessageDescriptor> = {
  PROPOSAL_NOT_RESPONSIVE: msg`Marked not responsive: it cannot be awarded.`,
  PROPOSAL_NOT_PAID: msg`The participation fee and bond were not paid: it cannot be awarded.`,
};

/**
 * The comparison as a table from `lg` up, and below it one card per proposal: the table's parts become blocks,
 * each cell shows its column's name (data-label) above its value, and the sort buttons wrap in a row above.
 */
const STACKED = {
  table: { display: { base: 'block', lg: 'table' }, tableLayout: 'auto', w: 'full' },
  head: { display: { base: 'block', lg: 'table-header-group' } },
  headRow: { display: { base: 'flex', lg: 'table-row' }, flexWrap: 'wrap', gap: '1' },
  header: {
    display: { base: 'block', lg: 'table-cell' },
    borderBottomWidth: { base: '0', lg: '1px' },
    px: '1',
  },
  body: {
    display: { base: 'block', lg: 'table-row-group' },
    borderWidth: { base: '1px', lg: '0' },
    borderBottomWidth: '1px',
    borderRadius: { base: 'md', lg: '0' },
    mt: { base: '2', lg: '0' },
    p: { base: '2', lg: '0' },
  },
  row: {
    display: { base: 'grid', lg: 'table-row' },
    gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
    gap: '2',
  },
  cell: {
    display: { base: 'block', lg: 'table-cell' },
    verticalAlign: 'top',
    borderBottomWidth: '0',
    px: { base: '0', lg: '2' },
    _before: {
      content: 'attr(data-label)',
      display: { base: 'block', lg: 'none' },
      fontSize: 'xs',
      color: 'fg.muted',
    },
  },
  actions: {
    display: { base: 'block', lg: 'table-cell' },
    gridColumn: '1 / -1',
    borderBottomWidth: '0',
    px: { base: '0', lg: '2' },
    pb: { lg: '3' },
  },
} as const;

/** Before the deadline the count only; after it the latest version of every proposal, sortable, with actions. */
function ComparisonView({
  tender,
  version,
  onChanged,
}: {
  tender: Tender;
  version: number;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [query, setQuery] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({
    sort: 'offerPrice',
    order: 'asc',
  });
  const [acting, setActing] = useState<{ row: ComparisonRow; kind: 'award' | 'not_responsive' } | null>(null);
  const cmp = useLoad(`comparison:${tender.id}:${query.sort}:${query.order}:${version}`, () =>
    api.comparison(tender.id, query),
  );
  if (cmp.loading && !cmp.data) return <Loading />;
  if (!cmp.data) return <LoadFailed onRetry={cmp.reload} />;
  const data = cmp.data;
  if (data.sealed)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="comparison-sealed">
        <Trans>
          Proposals are sealed until the deadline ({formatDate(tender.deadline, language)}). Received so far:{' '}
          {data.proposalCount}.
        </Trans>
      </Text>
    );
  if (data.rows.length === 0) {
    // Cancelled before its deadline: what came in was never opened, which is not "nothing came in".
    if (data.proposalCount > 0)
      return (
        <Text fontSize="sm" color="fg.muted" data-testid="comparison-unopened">
          <Trans>
            The tender was cancelled before its deadline, so the proposals received ({data.proposalCount})
            were never opened.
          </Trans>
        </Text>
      );
    return <Empty title={<Trans>No proposals were received</Trans>} />;
  }
  // Evaluating and awarding are offered while the API allows them (`can`), each row's award unless it refuses it.
  const deciding = tender.can.evaluate || tender.can.award;

  const evaluate = async (
    row: ComparisonRow,
    evaluation: 'shortlisted' | 'not_responsive',
    reason?: string,
  ) => {
    try {
      await api.evaluate(tender.id, row.proposalId, { evaluation, reason });
      notify.success(evaluation === 'shortlisted' ? t`Shortlisted` : t`Marked not responsive`);
      setActing(null);
      cmp.reload();
    } catch {
      // The shell shows the server's message.
    }
  };
  const header = (key: Sort, label: ReactNode) => {
    const active = query.sort === key;
    return (
      <Table.ColumnHeader
        aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}
        {...STACKED.header}
      >
        <Button
          size="xs"
          variant="ghost"
          whiteSpace="normal"
          h="auto"
          minH="6"
          py="1"
          textAlign="start"
          onClick={() => setQuery({ sort: key, order: active && query.order === 'asc' ? 'desc' : 'asc' })}
          data-testid={`sort-${key}`}
        >
          {label}
          {active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}
        </Button>
      </Table.ColumnHeader>
    );
  };
  const bidderOf = (row: ComparisonRow) => row.bidder.companyName ?? row.bidder.name;
  const cell = (label: string) => ({ 'data-label': label, ...STACKED.cell });

  return (
    <Stack gap="3" data-testid="comparison">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>Comparison of the latest versions ({data.proposalCount})</Trans>
        </Text>
        <Button
          size="sm"
          variant="outline"
          data-testid="comparison-csv"
          onClick={() =>
            void api
              .downloadComparison(tender.id, query, `${tender.number}-comparison.csv`)
              .catch(() => undefined)
          }
        >
          <Trans>Export CSV</Trans>
        </Button>
      </HStack>
      {/* Six columns that wrap their text, each proposal's actions on a row of their own below it: the table
          fits its column at laptop widths; on narrower screens each proposal stacks as a card (labels from
          data-label) and the sort buttons wrap above them. Nothing needs sideways scrolling. */}
      <Table.Root size="sm" data-testid="comparison-table" {...STACKED.table}>
        <Table.Header {...STACKED.head}>
          <Table.Row {...STACKED.headRow}>
            {header('bidder', <Trans>Bidder</Trans>)}
            {header('offerPrice', <Trans>Offer price</Trans>)}
            {header('period', <Trans>Period (days)</Trans>)}
            {header('milestoneTotal', <Trans>Milestones</Trans>)}
            <Table.ColumnHeader {...STACKED.header} display={{ base: 'none', lg: 'table-cell' }}>
              <Trans>Terms and payment</Trans>
            </Table.ColumnHeader>
            {header('submittedAt', <Trans>Submitted on</Trans>)}
          </Table.Row>
        </Table.Header>
        {data.rows.map((row) => {
          const refusal = row.awardRefusal ? AWARD_REFUSALS[row.awardRefusal] : null;
          const why = `award-why-${row.proposalId}`;
          return (
            <Table.Body
              key={row.proposalId}
              data-testid="comparison-row"
              data-proposal-id={row.proposalId}
              data-evaluation={row.evaluation ?? ''}
              {...STACKED.body}
            >
              <Table.Row {...STACKED.row}>
                <Table.Cell {...cell(t`Bidder`)} data-testid="row-bidder">
                  <Text fontWeight="medium" dir="auto" overflowWrap="anywhere">
                    {bidderOf(row)}
                  </Text>
                  <HStack gap="1" wrap="wrap" mt="1">
                    {data.awardedProposalId === row.proposalId && (
                      <Badge colorPalette="green" data-testid="awarded-row">
                        <Trans>Awarded</Trans>
                      </Badge>
                    )}
                    {row.evaluation && (
                      <Badge
                        colorPalette={row.evaluation === 'shortlisted' ? 'blue' : 'red'}
                        data-testid="row-evaluation"
                      >
                        {i18n._(EVALUATION_LABELS[row.evaluation])}
                      </Badge>
                    )}
                  </HStack>
                  {row.evaluationReason && (
                    <Text fontSize="xs" dir="auto">
                      {row.evaluationReason}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell {...cell(t`Offer price`)} data-testid="row-price" whiteSpace="nowrap">
                  {formatMoney(row.offerPrice, language, row.currency)}
                </Table.Cell>
                <Table.Cell {...cell(t`Period (days)`)}>{formatNumber(row.period, language)}</Table.Cell>
                <Table.Cell {...cell(t`Milestones`)}>
                  {formatNumber(row.milestones.count, language)} ·{' '}
                  {formatMoney(row.milestones.total, language, row.currency)}
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(row.milestones.firstStart, language)} –{' '}
                    {formatDate(row.milestones.lastEnd, language)}
                  </Text>
                </Table.Cell>
                <Table.Cell {...cell(t`Terms and payment`)}>
                  {i18n._(PAYMENT_TERM_LABELS[row.paymentTerms])}
                  <Box mt="1">
                    <StatusBadge status={row.paymentStatus} />
                  </Box>
                </Table.Cell>
                <Table.Cell {...cell(t`Submitted on`)}>
                  {formatDate(row.submittedAt, language)}
                  <Text fontSize="xs" color="fg.muted">
                    <Trans>
                      Version {formatNumber(row.version, language)} · documents:{' '}
                      {formatNumber(row.documentCount, language)}
                    </Trans>
                  </Text>
                </Table.Cell>
              </Table.Row>
              {deciding && (
                <Table.Row {...STACKED.row}>
                  <Table.Cell colSpan={6} {...STACKED.actions}>
                    <HStack gap="2" wrap="wrap">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => void evaluate(row, 'shortlisted')}
                        disabled={row.evaluation === 'shortlisted'}
                        data-testid="shortlist"
                        aria-label={t`Shortlist ${bidderOf(row)}`}
                      >
                        <Trans>Shortlist</Trans>
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setActing({ row, kind: 'not_responsive' })}
                        data-testid="not-responsive"
                        aria-label={t`Mark ${bidderOf(row)} not responsive`}
                      >
                        <Trans>Not responsive</Trans>
                      </Button>
                      <Button
                        size="xs"
                        colorPalette="brand"
                        onClick={() => setActing({ row, kind: 'award' })}
                        disabled={!tender.can.award || refusal !== null}
                        aria-describedby={refusal ? why : undefined}
                        data-testid="award"
                        aria-label={t`Award to ${bidderOf(row)}`}
                      >
                        <Trans>Award</Trans>
                      </Button>
                      {refusal && (
                        <Text id={why} fontSize="xs" color="fg.muted" data-testid="award-refusal">
                          {i18n._(refusal)}
                        </Text>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          );
        })}
      </Table.Root>
      {acting?.kind === 'not_responsive' && (
        <ReasonForm
          label={t`Why is the proposal of ${bidderOf(acting.row)} not responsive?`}
          submit={t`Mark not responsive`}
          onSubmit={(reason) => evaluate(acting.row, 'not_responsive', reason)}
          onCancel={() => setActing(null)}
          testId="not-responsive-form"
          danger
        />
      )}
      {acting?.kind === 'award' && (
        <ReasonForm
          label={t`Award the tender to ${bidderOf(acting.row)}: a note for your records (optional, not published)`}
          submit={t`Award`}
          required={false}
          onSubmit={async (note) => {
            await api.award(tender.id, acting.row.proposalId, note);
            notify.success(t`Tender awarded`);
            setActing(null);
            onChanged();
          }}
          onCancel={() => setActing(null)}
          testId="award-form"
        />
      )}
    </Stack>
  );
}

const EVENT_LABELS: Record<TenderEventKind, MessageDescriptor> = {
  created: msg`Created`,
  edited: msg`Edited`,
  submitted: msg`Sent for approval`,
  approved: msg`Approved and published`,
  rejected: msg`Rejected by an administrator`,
  access_closed: msg`Closed to interest-approved bidders`,
  answered: msg`Question answered`,
  amended: msg`Amended`,
  bids_opened: msg`Bids opened at the deadline`,
  shortlisted: msg`Proposal shortlisted`,
  not_responsive: msg`Proposal marked not responsive`,
  awarded: msg`Awarded`,
  no_award: msg`Closed without award`,
  cancelled: msg`Cancelled`,
};

/** The audit trail: who did what, when (the system opens the bids at the deadline). */
function HistoryList({ tenderId, version }: { tenderId: number; version: number }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`history:${tenderId}:${version}`, () => api.history(tenderId));
  if (!list.data) return null;
  return (
    <Box as="section" aria-label={t`History`} data-testid="tender-history">
      <Text fontWeight="semibold" mb="2">
        <Trans>History</Trans>
      </Text>
      <Stack as="ol" gap="1" fontSize="sm" ps="4" listStyleType="decimal">
        {list.data.map((e) => (
          <li key={`${e.id}-${e.action}`} data-testid="history-event" data-action={e.action}>
            {i18n._(EVENT_LABELS[e.action])} ·{formatDate(e.at, language)} ·{' '}
            {e.actor ? <bdi>{e.actor.name}</bdi> : t`System`}
          </li>
        ))}
      </Stack>
    </Box>
  );
}
