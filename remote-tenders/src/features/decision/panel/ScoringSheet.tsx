import {
  Badge,
  Box,
  Button,
  Field,
  formatNumber,
  HStack,
  Input,
  notify,
  Stack,
  Text,
  Textarea,
  useSessionStore,
} from '@bawaba/shared';
import type { Criterion, Panel, PanelBidder } from '@bawaba/shared/contracts';
import { inLanguage } from '@bawaba/shared/rules';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import {
  type CellDraft,
  cellKey,
  cellsLeft,
  type SheetDraft,
  scoresToSave,
  sheetOf,
} from '../../../rules/panel.ts';
import { BidderName } from './BidderName.tsx';
import { panelApi } from './panel-api.ts';

// A proposal's text, fetched when the evaluator opens it.
const ProposalText = lazy(() => import('./ProposalText.tsx'));

/** A criterion's name in the reader's language (else the other), marked with the language it is in. */
export function CriterionName({ criterion }: { criterion: Criterion }) {
  const language = useSessionStore((s) => s.language);
  const name = inLanguage(language, criterion.nameEn, criterion.nameAr);
  return <bdi {...textLangProps(name.lang)}>{name.text}</bdi>;
}

/**
 * An evaluator's scoring sheet (weighted method): every proposal × criterion, a whole score 0–10 with the reasons;
 * drafts saved per proposal as often as they like, then submitted (read-only after, unless the chair asks to revisit
 * one: its reason shows on that score). The API checks it all: it alone knows which proposals are scored (not those
 * marked not responsive), so the submit stays offered and the count of blank cells is a guide, not a gate.
 */
export function ScoringSheet({
  tenderId,
  criteria,
  panel,
  onChanged,
}: {
  tenderId: number;
  criteria: readonly Criterion[];
  panel: Panel;
  onChanged: (panel: Panel) => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [draft, setDraft] = useState<SheetDraft>(() => sheetOf(panel.myScores));
  const [saving, setSaving] = useState<number | 'submit' | null>(null);
  // A proposal marked not responsive is not scored (the API refuses it): the sheet leaves it out.
  const bidders = (panel.bidders ?? []).filter((b) => b.scored);
  const left = cellsLeft(
    draft,
    bidders.map((b) => b.proposalId),
    criteria.length,
  );
  const count = formatNumber(left, language);
  const edit = (key: string, patch: Partial<CellDraft>) =>
    setDraft((now) => ({ ...now, [key]: { score: '', comment: '', ...now[key], ...patch } }));

  const save = async (proposalId: number) => {
    const body = scoresToSave(draft, proposalId, criteria.length);
    if (!body) return;
    setSaving(proposalId);
    try {
      onChanged(await panelApi.saveScores(tenderId, proposalId, body));
      notify.success(t`Scores saved as a draft`);
    } catch {
      // The shell shows the server's reason (a score out of range, a missing comment).
    } finally {
      setSaving(null);
    }
  };
  const submit = async () => {
    setSaving('submit');
    try {
      // What is typed and not saved yet is saved first.
      for (const b of bidders) {
        const body = scoresToSave(draft, b.proposalId, criteria.length);
        if (body) await panelApi.saveScores(tenderId, b.proposalId, body);
      }
      onChanged(await panelApi.submit(tenderId));
      notify.success(t`Scores submitted`);
    } catch {
      // The shell shows the server's reason.
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="3" data-testid="scoring-sheet">
      <Text fontWeight="semibold">
        <Trans>Your scores</Trans>
      </Text>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Score each proposal on each criterion from 0 to 10 and say why. The other evaluators' scores stay
          hidden from you until you submit yours.
        </Trans>
      </Text>
      {bidders.map((bidder) => (
        <ProposalScores
          key={bidder.proposalId}
          bidder={bidder}
          criteria={criteria}
          draft={draft}
          panel={panel}
          onEdit={edit}
          onSave={() => void save(bidder.proposalId)}
          saving={saving === bidder.proposalId}
        />
      ))}
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => void submit()}
          loading={saving === 'submit'}
          data-testid="submit-scores"
        >
          <Trans>Submit my scores</Trans>
        </Button>
        {left > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="scores-left">
            <Trans>{count} scores still to give.</Trans>
          </Text>
        )}
      </HStack>
    </Stack>
  );
}

function ProposalScores({
  bidder,
  criteria,
  draft,
  panel,
  onEdit,
  onSave,
  saving,
}: {
  bidder: PanelBidder;
  criteria: readonly Criterion[];
  draft: SheetDraft;
  panel: Panel;
  onEdit: (key: string, patch: Partial<CellDraft>) => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [open, setOpen] = useState(false);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="proposal-scores"
      data-proposal={bidder.proposalId}
    >
      <HStack justify="space-between" wrap="wrap" mb="2">
        <Text fontWeight="medium">
          <BidderName bidder={bidder} />
        </Text>
        <Button size="xs" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? <Trans>Hide the proposal</Trans> : <Trans>Read the proposal</Trans>}
        </Button>
      </HStack>
      {open && (
        <Suspense fallback={null}>
          <ProposalText proposalId={bidder.proposalId} />
        </Suspense>
      )}
      <Stack gap="3">
        {criteria.map((criterion, position) => {
          const key = cellKey(bidder.proposalId, position);
          const cell = draft[key];
          const revisit = panel.myScores.find(
            (s) => s.proposalId === bidder.proposalId && s.criterion === position,
          )?.revisit;
          const weight = formatNumber(criterion.weight, language);
          return (
            <Stack key={key} gap="1" data-testid="score-cell" data-criterion={position}>
              <HStack gap="2">
                <Text fontSize="sm" fontWeight="medium">
                  <CriterionName criterion={criterion} />
                </Text>
                <Badge size="sm">{t`${weight}%`}</Badge>
              </HStack>
              {revisit && (
                <Text fontSize="sm" color="fg.warning" data-testid="revisit-reason">
                  <Trans>
                    The chair asks you to look at this score again: <bdi dir="auto">{revisit.reason}</bdi>
                  </Trans>
                </Text>
              )}
              <HStack gap="2" align="start" wrap="wrap">
                <Field.Root maxW="28">
                  <Field.Label fontSize="xs">{t`Score (0–10)`}</Field.Label>
                  <Input
                    size="sm"
                    type="number"
                    min={0}
                    max={10}
                    step={1}
                    inputMode="numeric"
                    value={cell?.score ?? ''}
                    onChange={(e) => onEdit(key, { score: e.target.value })}
                    data-testid="score-input"
                  />
                </Field.Root>
                <Field.Root flex="1" minW="48">
                  <Field.Label fontSize="xs">{t`Why this score`}</Field.Label>
                  <Textarea
                    size="sm"
                    dir="auto"
                    rows={2}
                    maxLength={2000}
                    value={cell?.comment ?? ''}
                    onChange={(e) => onEdit(key, { comment: e.target.value })}
                    data-testid="score-comment"
                  />
                </Field.Root>
              </HStack>
            </Stack>
          );
        })}
      </Stack>
      <Button size="xs" variant="outline" mt="3" onClick={onSave} loading={saving} data-testid="save-scores">
        <Trans>Save draft</Trans>
      </Button>
    </Box>
  );
}
