import { Badge, Box, Button, confirmPopup, HStack, notify, Stack, Text, useLoad } from '@bawaba/shared';
import type { Panel, PanelMember, Tender } from '@bawaba/shared/contracts';
import { LoadFailed, Loading } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AppointPanel } from './AppointPanel.tsx';
import { ChairSpread } from './ChairSpread.tsx';
import { DeclarationForm } from './DeclarationForm.tsx';
import { PanelResults } from './PanelResults.tsx';
import { panelApi } from './panel-api.ts';
import { ScoringSheet } from './ScoringSheet.tsx';

/**
 * The evaluation panel of a tender (docs/decisions/0014-evaluation-panel.md), in its own chunk: its members and where
 * each stands; the buyer side appoints it; an evaluator signs or declines the declaration, then scores and submits;
 * the chair reads the spread, asks for revisits and locks the technical stage; after the lock, the results. Every
 * control follows the tender's `can`; each write answers the panel, and the tender is read again (its `can` moves).
 */
export default function PanelSection({
  tender,
  version,
  onChanged,
}: {
  tender: Tender;
  version: number;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const loaded = useLoad(`panel:${tender.id}:${version}`, () => panelApi.panel(tender.id));
  const [written, setWritten] = useState<{ version: number; panel: Panel } | null>(null);
  const [appointing, setAppointing] = useState(false);
  const [locking, setLocking] = useState(false);
  const panel = written?.version === version ? written.panel : loaded.data;
  const weighted = tender.evaluation.method === 'weighted';
  const can = tender.can;

  const changed = (next: Panel) => {
    setWritten({ version: version + 1, panel: next });
    setAppointing(false);
    onChanged();
  };
  const lock = async () => {
    const sure = await confirmPopup({
      title: t`Lock the technical stage?`,
      text: t`The scores become final: each proposal passes or fails, and the prices of those that pass are opened.`,
      confirmLabel: t`Lock`,
      cancelLabel: t`Cancel`,
    });
    if (!sure) return;
    setLocking(true);
    try {
      changed(await panelApi.lock(tender.id));
      notify.success(t`Technical stage locked`);
    } catch {
      // The shell shows the server's reason (not every evaluator has submitted, another chair locked first).
    } finally {
      setLocking(false);
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="evaluation-panel">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold" fontSize="md">
          <Trans>Evaluation panel</Trans>
        </Text>
        <HStack gap="2">
          {can.appointPanel && !appointing && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAppointing(true)}
              data-testid="appoint-panel"
            >
              {panel?.members.length ? <Trans>Change the panel</Trans> : <Trans>Appoint the panel</Trans>}
            </Button>
          )}
          {can.lockTechnical && (
            <Button
              size="sm"
              colorPalette="brand"
              loading={locking}
              onClick={() => void lock()}
              data-testid="lock-technical"
            >
              <Trans>Lock the technical stage</Trans>
            </Button>
          )}
        </HStack>
      </HStack>
      {loaded.loading && !panel ? (
        <Loading />
      ) : !panel ? (
        <LoadFailed onRetry={loaded.reload} />
      ) : (
        <>
          {appointing && can.appointPanel && (
            <AppointPanel
              tenderId={tender.id}
              panel={panel}
              onDone={changed}
              onCancel={() => setAppointing(false)}
            />
          )}
          <Members members={panel.members} weighted={weighted} />
          {can.signDeclaration && panel.bidders && (
            <DeclarationForm tenderId={tender.id} bidders={panel.bidders} onDone={changed} />
          )}
          {can.scoreProposals && weighted && (
            <ScoringSheet
              tenderId={tender.id}
              criteria={tender.evaluation.criteria}
              panel={panel}
              onChanged={changed}
            />
          )}
          {panel.me?.submitted && !can.scoreProposals && !panel.lockedAt && (
            <Text fontSize="sm" data-testid="scores-submitted">
              <Trans>Your scores are submitted. The chair may ask you to look at one again.</Trans>
            </Text>
          )}
          {panel.spread && (
            <ChairSpread
              tenderId={tender.id}
              criteria={tender.evaluation.criteria}
              panel={panel}
              canRevisit={can.requestRevisit}
              onChanged={changed}
            />
          )}
          {panel.results && <PanelResults results={panel.results} weighted={weighted} />}
        </>
      )}
    </Stack>
  );
}

/** The panel's members: the chair marked, each declaration's state (and a decline's reason), who has submitted. */
function Members({ members, weighted }: { members: readonly PanelMember[]; weighted: boolean }) {
  const { t } = useLingui();
  if (members.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="panel-empty">
        {weighted ? (
          <Trans>No panel appointed yet.</Trans>
        ) : (
          <Trans>
            Lowest price in two envelopes: no panel scores the proposals. Locking the technical stage opens
            the prices of those not marked not responsive.
          </Trans>
        )}
      </Text>
    );
  const DECLARATION = {
    pending: t`Declaration pending`,
    signed: t`Declaration signed`,
    declined: t`Declined`,
  } as const;
  return (
    <Box as="ul" listStyleType="none" data-testid="panel-members">
      {members.map((m) => (
        <HStack
          as="li"
          key={m.userId}
          gap="2"
          wrap="wrap"
          py="1"
          data-testid="panel-member"
          data-declaration={m.declaration}
        >
          <Text fontSize="sm">
            <bdi dir="auto">{m.name}</bdi>
          </Text>
          {m.isChair && (
            <Badge size="sm" colorPalette="brand">
              {t`Chair`}
            </Badge>
          )}
          <Badge size="sm" colorPalette={m.declaration === 'declined' ? 'red' : undefined}>
            {DECLARATION[m.declaration]}
          </Badge>
          {m.submittedAt && (
            <Badge size="sm" colorPalette="green">
              {t`Scores submitted`}
            </Badge>
          )}
          {m.declineReason && (
            <Text fontSize="sm" color="fg.muted" dir="auto" data-testid="decline-reason">
              {m.declineReason}
            </Text>
          )}
        </HStack>
      ))}
    </Box>
  );
}
