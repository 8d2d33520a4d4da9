import {
  Box,
  Button,
  Card,
  formatMoney,
  HStack,
  notify,
  Stack,
  Text,
  Textarea,
  useSessionStore,
} from '@bawaba/shared';
import {
  type Contract,
  ContractReasonBody,
  type ContractMilestone as Milestone,
} from '@bawaba/shared/contracts';
import { FileUpload, FormField, type ShownFile } from '@bawaba/shared/forms';
import { ActedBy, Detail, FileButton, LazyReasonDialog } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { WIZARD_ACCEPT } from '../../rules/proposal.ts';
import { MilestoneStatusBadge } from './ContractBits.tsx';
import { contractsApi, DELIVERABLE_PURPOSE } from './contracts-api.ts';

/** The supplier's deliverables for a milestone: a note and files, uploaded as they are chosen. */
function SubmissionForm({
  contract,
  milestone,
  onSent,
}: {
  contract: Contract;
  milestone: Milestone;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<ShownFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await contractsApi.submit(contract.id, milestone.id, {
        note: note.trim(),
        fileIds: files.map((f) => f.id),
      });
      notify.success(t`Deliverables submitted for review`);
      onSent();
    } catch {
      // The shell shows the server's message; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="3" data-testid="submission-form" borderTopWidth="1px" pt="3">
      <FormField label={t`Note to the buyer`}>
        <Textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          dir="auto"
          rows={3}
          data-testid="submission-note"
        />
      </FormField>
      <FormField label={t`Deliverables`}>
        <FileUpload
          testId="submission-files"
          variant="list"
          purpose={DELIVERABLE_PURPOSE}
          // Given here, not looked up by the host's FileUpload: a host release older than this purpose has no
          // accept list for it (docs/releases.md).
          accept={WIZARD_ACCEPT}
          multiple
          files={files}
          hint={t`PDF, Word, Excel, JPG, PNG, max 50MB each`}
          failureMessage={t`Document upload failed`}
          onBusyChange={setUploading}
          onUploaded={(file) =>
            setFiles((all) => [...all, { id: file.id, name: file.name, size: file.size }])
          }
          onRemove={(id) => setFiles((all) => all.filter((f) => f.id !== id))}
        >
          {t`Upload documents`}
        </FileUpload>
      </FormField>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={sending}
          // Something to review: a note or a file.
          disabled={uploading || (!note.trim() && files.length === 0)}
          onClick={() => void send()}
          data-testid="submit-milestone"
        >
          <Trans>Submit for review</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * One milestone of a contract: its due date, amount, state and payment; the deliverables submitted; the buyer's
 * last request for changes; and the actions the API offers the caller on it (submit, accept, request changes, pay).
 */
export function MilestoneCard({
  contract,
  milestone,
  index,
  onChanged,
}: {
  contract: Contract;
  milestone: Milestone;
  index: number;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [busy, setBusy] = useState<'accept' | 'pay' | null>(null);
  const [askingChanges, setAskingChanges] = useState(false);
  const act = async (action: 'accept' | 'pay') => {
    setBusy(action);
    try {
      if (action === 'accept') {
        await contractsApi.acceptMilestone(contract.id, milestone.id);
        notify.success(t`Milestone accepted`);
      } else {
        await contractsApi.payMilestone(contract.id, milestone.id);
        notify.success(t`Payment recorded`);
      }
      onChanged();
    } catch {
      // The shell shows the server's message.
    } finally {
      setBusy(null);
    }
  };
  const submission = milestone.submission;
  return (
    <Card.Root
      size="sm"
      data-testid="contract-milestone"
      data-milestone-id={milestone.id}
      data-status={milestone.status}
      data-paid={milestone.payment ? 'true' : 'false'}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Text fontWeight="semibold">
              {t`Milestone ${index + 1}`}: <bdi>{milestone.title}</bdi>
            </Text>
            <HStack gap="2">
              <MilestoneStatusBadge status={milestone.status} />
              {milestone.payment ? (
                <Text as="span" fontSize="sm" color="green.700" data-testid="milestone-paid">
                  <Trans>Paid</Trans>
                </Text>
              ) : null}
            </HStack>
          </HStack>
          <HStack gap="6" wrap="wrap">
            <Detail label={<Trans>Due date</Trans>}>
              <Text as="span" data-testid="milestone-due" data-date={milestone.dueDate}>
                <CalendarDate value={milestone.dueDate} />
              </Text>
            </Detail>
            <Detail label={<Trans>Amount</Trans>}>
              <Text as="span" data-testid="milestone-amount">
                {formatMoney(milestone.amount, language, contract.currency)}
              </Text>
            </Detail>
            {milestone.payment ? (
              <Detail label={<Trans>Paid on</Trans>}>
                <Text as="span" data-testid="milestone-payment">
                  <DeadlineAt value={milestone.payment.paidAt} /> · <Trans>Reference</Trans>{' '}
                  <bdi>{milestone.payment.reference}</bdi>
                </Text>
              </Detail>
            ) : null}
          </HStack>
          {submission ? (
            <Box data-testid="milestone-submission">
              <Text fontSize="sm" color="fg.muted">
                <Trans>
                  Submitted by <ActedBy actor={submission.by} /> on <DeadlineAt value={submission.at} />
                </Trans>
              </Text>
              <Text dir="auto" whiteSpace="pre-wrap">
                {submission.note}
              </Text>
              {submission.files.length > 0 ? (
                <HStack gap="2" wrap="wrap" mt="1">
                  {submission.files.map((file) => (
                    <FileButton key={file.id} file={file} data-testid="submission-file" />
                  ))}
                </HStack>
              ) : null}
            </Box>
          ) : null}
          {milestone.status === 'changesRequested' && milestone.changesReason ? (
            <Box data-testid="milestone-changes" borderStartWidth="3px" borderColor="orange.500" ps="3">
              <Text fontSize="sm" fontWeight="semibold">
                <Trans>Changes requested:</Trans>
              </Text>
              <Text dir="auto" whiteSpace="pre-wrap">
                {milestone.changesReason}
              </Text>
            </Box>
          ) : null}
          {milestone.can.accept || milestone.can.requestChanges || milestone.can.pay ? (
            <HStack gap="2" wrap="wrap">
              {milestone.can.accept ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={busy === 'accept'}
                  onClick={() => void act('accept')}
                  data-testid="accept-milestone"
                >
                  <Trans>Accept the deliverables</Trans>
                </Button>
              ) : null}
              {milestone.can.requestChanges ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setAskingChanges(true)}
                  data-testid="request-changes"
                >
                  <Trans>Request changes</Trans>
                </Button>
              ) : null}
              {milestone.can.pay ? (
                <Button
                  size="sm"
                  colorPalette="green"
                  loading={busy === 'pay'}
                  onClick={() => void act('pay')}
                  data-testid="pay-milestone"
                >
                  <Trans>Pay {formatMoney(milestone.amount, language, contract.currency)}</Trans>
                </Button>
              ) : null}
            </HStack>
          ) : null}
          {milestone.can.submit ? (
            <SubmissionForm contract={contract} milestone={milestone} onSent={onChanged} />
          ) : null}
        </Stack>
      </Card.Body>
      {askingChanges ? (
        <LazyReasonDialog
          title={<Trans>Request changes to the deliverables</Trans>}
          hint={<Trans>The supplier is told, with your reason, and may submit again.</Trans>}
          label={<Trans>What should change</Trans>}
          confirmLabel={<Trans>Request changes</Trans>}
          confirmPalette="brand"
          body={ContractReasonBody}
          required
          onConfirm={async (reason) => {
            await contractsApi.requestChanges(contract.id, milestone.id, reason);
            notify.success(t`Changes requested`);
            onChanged();
          }}
          onClose={() => setAskingChanges(false)}
          testIdPrefix="changes"
        />
      ) : null}
    </Card.Root>
  );
}
