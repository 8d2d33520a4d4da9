import {
  Box,
  Button,
  Card,
  confirmPopup,
  formatDate,
  formatMoney,
  HStack,
  Link,
  notify,
  RouterLink,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { Detail, FileButton, ReasonLine } from '@bawaba/shared/kit';
import { hasTechnicalStage } from '@bawaba/shared/rules';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { DecisionPanel } from '../decision/DecisionPanel.tsx';
import { InterestsPanel } from '../interests/InterestsPanel.tsx';
import { InvitationsPanel } from '../invitations/InvitationsPanel.tsx';
import { ReceivedProposals } from '../received-proposals/ReceivedProposals.tsx';
import { ownerApi } from './owner-api.ts';
import { TenderStageBadges } from './TenderStageBadges.tsx';

// The evaluation panel (appointment, declarations, scores, the chair's spread and lock, the results): its own chunk.
const PanelSection = lazy(() => import('../decision/panel/PanelSection.tsx'));

/** One of the owner's tenders: its stage, dates, documents, the actions the API allows, and its panels. */
export function OwnerTenderCard({
  tender,
  onEdit,
  onChanged,
}: {
  tender: Tender;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [panel, setPanel] = useState<
    'interests' | 'invitations' | 'proposals' | 'decision' | 'evaluation' | null
  >(null);
  const [panelVersion, setPanelVersion] = useState(0);
  const can = tender.can;
  // Offered while one of its actions is (`can`), and to read a technical stage's panel and results after bid opening.
  const showPanel =
    can.appointPanel ||
    can.signDeclaration ||
    can.scoreProposals ||
    can.requestRevisit ||
    can.lockTechnical ||
    (tender.isPastDeadline &&
      hasTechnicalStage({
        evaluationMethod: tender.evaluation.method,
        envelopes: tender.evaluation.envelopes,
      }));
  const approval = tender.approvalStatus.status;
  const published = tender.isPublished && approval !== 'draft';

  const publish = async () => {
    const ok = await confirmPopup({
      title: t`Publish this tender?`,
      text: t`An administrator reviews it before it is listed. You cannot edit it while it is pending.`,
      confirmLabel: t`Publish`,
      cancelLabel: t`Cancel`,
    });
    if (!ok) return;
    try {
      await ownerApi.publishTender(tender.id);
      notify.success(t`Tender sent for approval`);
      onChanged();
    } catch {
      // Shown by the shell.
    }
  };
  const close = async () => {
    const ok = await confirmPopup({
      title: t`Close this tender?`,
      text: t`Bidders will need an approved expression of interest to submit a proposal.`,
      confirmLabel: t`Close tender`,
      cancelLabel: t`Cancel`,
    });
    if (!ok) return;
    try {
      await ownerApi.closeTender(tender.id);
      notify.success(t`Tender closed`);
      onChanged();
    } catch {
      // Shown by the shell.
    }
  };

  return (
    <Card.Root size="sm" data-testid="tender-card" data-tender-id={tender.id} data-approval={approval}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
            <Stack gap="0">
              {approval === 'approved' ? (
                <Link asChild fontWeight="semibold" colorPalette="brand">
                  <RouterLink {...textLangProps(tender.titleLang)} to={`/tender-profile/${tender.id}`}>
                    {tender.title}
                  </RouterLink>
                </Link>
              ) : (
                <Text
                  {...textLangProps(tender.titleLang)}
                  fontWeight="semibold"
                  data-testid="tender-card-title"
                >
                  {tender.title}
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                {tender.number}
              </Text>
            </Stack>
            <TenderStageBadges tender={tender} />
          </HStack>
          <HStack gap="6" wrap="wrap">
            <Detail label={<Trans>Start</Trans>}>{formatDate(tender.start_date, language) || '—'}</Detail>
            <Detail label={<Trans>End</Trans>}>{formatDate(tender.end_date, language) || '—'}</Detail>
            <Detail label={<Trans>Published</Trans>}>
              {formatDate(tender.publish_date, language) || '—'}
            </Detail>
            <Detail label={<Trans>Deadline</Trans>}>{formatDate(tender.deadline, language) || '—'}</Detail>
            <Detail label={<Trans>Participation fee</Trans>}>
              {formatMoney(tender.participationFee, language, tender.currency)}
            </Detail>
            <Detail label={<Trans>Bond</Trans>}>{formatMoney(tender.bond, language, tender.currency)}</Detail>
          </HStack>
          {tender.services.length ? (
            <Text fontSize="sm" color="fg.muted">
              {tender.services.map((s) => s.name).join(' · ')}
            </Text>
          ) : null}
          {tender.documents.length ? (
            <HStack gap="2" wrap="wrap">
              {tender.documents.map((doc) => (
                <FileButton key={doc.id} file={doc} />
              ))}
            </HStack>
          ) : null}
          {approval === 'rejected' ? (
            <Box>
              <Text fontSize="sm" color="red.fg">
                <Trans>An administrator rejected this tender. Edit it and publish it again.</Trans>
              </Text>
              {tender.approvalStatus.reason ? <ReasonLine reason={tender.approvalStatus.reason} /> : null}
            </Box>
          ) : null}
          <HStack gap="2" wrap="wrap">
            {/* The owner's actions are those the API says they may take now (`can`). */}
            {tender.can.edit ? (
              <Button size="sm" variant="outline" onClick={onEdit} data-testid="edit-tender">
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {tender.can.publish ? (
              <Button
                size="sm"
                colorPalette="brand"
                onClick={() => void publish()}
                data-testid="publish-tender"
              >
                <Trans>Publish</Trans>
              </Button>
            ) : null}
            {tender.can.close ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => void close()}
                data-testid="close-tender"
              >
                <Trans>Close tender</Trans>
              </Button>
            ) : null}
            {tender.can.decideInterest ? (
              // Where interests can be decided (closed tenders that were made public: docs/product-spec.md §1, §4).
              <Button
                size="sm"
                variant={panel === 'interests' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'interests' ? null : 'interests')}
                data-testid="show-interests"
                aria-expanded={panel === 'interests'}
              >
                <Trans>Interests</Trans>
              </Button>
            ) : null}
            {approval !== 'rejected' ? (
              // Companies are invited to drafts and published tenders; a draft's invitations wait for its approval.
              <Button
                size="sm"
                variant={panel === 'invitations' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'invitations' ? null : 'invitations')}
                data-testid="show-invitations"
                aria-expanded={panel === 'invitations'}
              >
                <Trans>Invitations</Trans>
              </Button>
            ) : null}
            {published ? (
              <Button
                size="sm"
                variant={panel === 'proposals' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'proposals' ? null : 'proposals')}
                data-testid="show-proposals"
                aria-expanded={panel === 'proposals'}
              >
                <Trans>Proposals</Trans>
              </Button>
            ) : null}
            {approval === 'approved' ? (
              <Button
                size="sm"
                variant={panel === 'decision' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'decision' ? null : 'decision')}
                data-testid="show-decision"
                aria-expanded={panel === 'decision'}
              >
                <Trans>Decision</Trans>
              </Button>
            ) : null}
            {showPanel ? (
              <Button
                size="sm"
                variant={panel === 'evaluation' ? 'subtle' : 'ghost'}
                onClick={() => setPanel(panel === 'evaluation' ? null : 'evaluation')}
                data-testid="show-panel"
                aria-expanded={panel === 'evaluation'}
              >
                <Trans>Evaluation panel</Trans>
              </Button>
            ) : null}
          </HStack>
          {panel === 'interests' ? <InterestsPanel tender={tender} /> : null}
          {panel === 'invitations' ? <InvitationsPanel tender={tender} /> : null}
          {panel === 'decision' ? <DecisionPanel tender={tender} onChanged={onChanged} /> : null}
          {panel === 'proposals' ? <ReceivedProposals tender={tender} /> : null}
          {panel === 'evaluation' ? (
            <Suspense fallback={null}>
              <PanelSection
                tender={tender}
                version={panelVersion}
                onChanged={() => {
                  setPanelVersion((n) => n + 1);
                  onChanged();
                }}
              />
            </Suspense>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
