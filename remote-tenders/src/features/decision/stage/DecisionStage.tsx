import {
  Box,
  Button,
  formatDate,
  HStack,
  notify,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { DecisionRequest, Objection, Tender } from '@bawaba/shared/contracts';
import { ActedBy, FileButton } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ReasonForm } from '../ReasonForm.tsx';
import { decisionStageApi } from './decision-stage-api.ts';

/**
 * The buyer side's part of the decision stage (docs/decisions/0013-decision-stage.md), in its own chunk: the
 * request for an award, no award or cancellation waiting for an approver (an approver answers it here), and the
 * bidders' objections to an award with the buyer's answer. The buttons follow the tender's `can`.
 */

const ACTIONS: Record<DecisionRequest['action'], MessageDescriptor> = {
  award: msg`Award`,
  no_award: msg`Close without award`,
  cancel: msg`Cancel the tender`,
};
const STATUSES: Record<Objection['status'], MessageDescriptor> = {
  open: msg`Waiting for your answer`,
  dismissed: msg`Dismissed`,
  upheld: msg`Upheld: award withdrawn`,
  void: msg`Void: the tender was cancelled`,
};

export default function DecisionStage({
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
  const [form, setForm] = useState<'refuse' | `answer:${number}` | null>(null);
  const requests = useLoad(`decision-requests:${tender.id}:${version}`, () =>
    decisionStageApi.requests(tender.id),
  );
  const filed = useLoad(`objections:${tender.id}:${version}`, () => decisionStageApi.objections(tender.id));
  const pending = requests.data?.find((r) => r.status === 'pending');
  const done = () => {
    setForm(null);
    onChanged();
  };
  return (
    <Stack gap="3" data-testid="decision-stage">
      {tender.state === 'standstill' && tender.standstillEndsAt && (
        <Text fontSize="sm" data-testid="standstill-banner">
          {t`Award decided. It becomes final after the standstill, on ${formatDate(tender.standstillEndsAt, language)}, once every objection is answered.`}
        </Text>
      )}
      {pending && (
        <Box
          borderWidth="1px"
          borderRadius="md"
          p="3"
          data-testid="decision-request"
          data-action={pending.action}
        >
          <Text fontSize="sm">
            <Trans>
              Waiting for an approver: {i18n._(ACTIONS[pending.action])}, asked by{' '}
              <ActedBy actor={pending.requestedBy} /> on {formatDate(pending.requestedAt, language)}.
            </Trans>
          </Text>
          {pending.note && (
            <Text fontSize="sm" dir="auto">
              {pending.note}
            </Text>
          )}
          {(tender.can.approveDecision || tender.can.refuseDecision) && (
            <HStack gap="2" mt="2">
              {tender.can.approveDecision && (
                <Button
                  size="sm"
                  data-testid="approve-decision"
                  onClick={async () => {
                    await decisionStageApi.approve(tender.id);
                    notify.success(t`Approved: the decision is made`);
                    done();
                  }}
                >
                  <Trans>Approve</Trans>
                </Button>
              )}
              {tender.can.refuseDecision && (
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="refuse-decision"
                  onClick={() => setForm('refuse')}
                >
                  <Trans>Refuse</Trans>
                </Button>
              )}
            </HStack>
          )}
          {form === 'refuse' && (
            <ReasonForm
              label={t`Why is the request refused? (the requester reads it)`}
              submit={t`Refuse`}
              onSubmit={async (reason) => {
                await decisionStageApi.refuse(tender.id, reason);
                notify.success(t`Request refused`);
                done();
              }}
              onCancel={() => setForm(null)}
              testId="refuse-decision-form"
            />
          )}
        </Box>
      )}
      {(filed.data ?? []).map((o) => (
        <Box
          key={o.id}
          borderWidth="1px"
          borderRadius="md"
          p="3"
          data-testid="objection"
          data-status={o.status}
        >
          <Text fontSize="sm" fontWeight="semibold">
            <Trans>
              Objection by <ActedBy actor={o.filedBy} />, {formatDate(o.filedAt, language)}:{' '}
              {i18n._(STATUSES[o.status])}
            </Trans>
          </Text>
          <Text fontSize="sm" dir="auto" whiteSpace="pre-wrap">
            {o.statement}
          </Text>
          <Text fontSize="sm" dir="auto">
            <Trans>Asks for:</Trans> <bdi>{o.remedy}</bdi>
          </Text>
          {o.documents.length > 0 && (
            <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label={t`Documents`}>
              {o.documents.map((d) => (
                <li key={d.id}>
                  <FileButton file={{ id: d.id, name: d.originalName }} data-testid="objection-document" />
                </li>
              ))}
            </HStack>
          )}
          {o.answer && (
            <Text fontSize="sm" dir="auto" data-testid="objection-answer">
              <Trans>Answer:</Trans> <bdi>{o.answer}</bdi>
            </Text>
          )}
          {o.status === 'open' && tender.can.answerObjection && (
            <HStack gap="2" mt="2">
              <Button
                size="sm"
                variant="outline"
                data-testid="dismiss-objection"
                onClick={() => setForm(`answer:${o.id}`)}
              >
                <Trans>Answer the objection</Trans>
              </Button>
            </HStack>
          )}
          {form === `answer:${o.id}` && (
            <AnswerForm
              onAnswer={async (outcome, reason) => {
                await decisionStageApi.answer(tender.id, o.id, { outcome, reason });
                notify.success(
                  outcome === 'upheld' ? t`Objection upheld: award withdrawn` : t`Objection dismissed`,
                );
                done();
              }}
              onCancel={() => setForm(null)}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

function AnswerForm({
  onAnswer,
  onCancel,
}: {
  onAnswer: (outcome: 'dismissed' | 'upheld', reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<'dismissed' | 'upheld'>('dismissed');
  return (
    <Stack gap="2" mt="2">
      <HStack gap="2" role="radiogroup" aria-label={t`Answer the objection`}>
        <Button
          size="xs"
          variant={outcome === 'dismissed' ? 'solid' : 'outline'}
          aria-pressed={outcome === 'dismissed'}
          onClick={() => setOutcome('dismissed')}
          data-testid="answer-dismiss"
        >
          <Trans>Dismiss (the award stands)</Trans>
        </Button>
        <Button
          size="xs"
          variant={outcome === 'upheld' ? 'solid' : 'outline'}
          aria-pressed={outcome === 'upheld'}
          onClick={() => setOutcome('upheld')}
          data-testid="answer-uphold"
        >
          <Trans>Uphold (withdraw the award)</Trans>
        </Button>
      </HStack>
      <ReasonForm
        label={t`Your reasons (the bidder reads them)`}
        submit={t`Send the answer`}
        onSubmit={(reason) => onAnswer(outcome, reason)}
        onCancel={onCancel}
        testId="answer-objection-form"
      />
    </Stack>
  );
}
