import { Button, formatDate, HStack, notify, Stack, Text, useSessionStore } from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { ownerApi } from '../workspace/owner-api.ts';
import { AmendForm } from './amendments/AmendForm.tsx';
import { ComparisonView } from './comparison/ComparisonView.tsx';
import { HistoryList } from './history/HistoryList.tsx';
import { ReasonForm } from './ReasonForm.tsx';

const DecisionStage = lazy(() => import('./stage/DecisionStage.tsx'));
const BafoRound = lazy(() => import('./bafo/BafoRound.tsx'));

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
    const answer = await ownerApi.endTender(tender.id, how, reason);
    // Under four eyes the decision is recorded as a request, and the answer's refusals say it is pending.
    const requested = answer.refusals[how === 'cancel' ? 'cancel' : 'noAward'] === 'DECISION_PENDING';
    notify.success(
      requested
        ? t`Requested: it waits for an approver`
        : how === 'cancel'
          ? t`Tender cancelled`
          : t`Tender closed without award`,
    );
    refresh();
  };

  return (
    <Stack gap="4" data-testid="decision-panel" data-state={state}>
      <Text fontSize="sm" data-testid="decision-status">
        {state === 'published'
          ? t`Accepting questions and proposals until ${deadline}. Proposals stay sealed until then.`
          : state === 'bids_opened'
            ? t`Bids opened on ${deadline}: compare the proposals, then award one, close without award or cancel.`
            : state === 'standstill'
              ? t`Award decided: bidders may object until the standstill ends.`
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
      {/* A request waits for an approver (the refusals say so), or an award is in its standstill. */}
      {(state === 'standstill' ||
        tender.can.approveDecision ||
        tender.can.refuseDecision ||
        Object.values(tender.refusals).some(
          (r) => r === 'DECISION_PENDING' || r === 'OWN_DECISION_REQUEST',
        )) && (
        <Suspense fallback={null}>
          <DecisionStage tender={tender} version={version} onChanged={refresh} />
        </Suspense>
      )}
      {/* A best-and-final-offer round the tender announced: offered, running or held. */}
      {(tender.can.startBafo || (tender.evaluation.bestAndFinalOffer && tender.isPastDeadline)) && (
        <Suspense fallback={null}>
          <BafoRound tender={tender} version={version} onChanged={refresh} />
        </Suspense>
      )}
      <ComparisonView tender={tender} version={version} onChanged={refresh} />
      <HistoryList tenderId={tender.id} version={version} />
    </Stack>
  );
}
