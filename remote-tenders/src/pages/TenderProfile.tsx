import {
  ApprovalBadge,
  Badge,
  Box,
  Button,
  DataList,
  FileIcon,
  formatBytes,
  formatMoney,
  Grid,
  Heading,
  HStack,
  RouterLink as Link,
  SafeHtml,
  Skeleton,
  Stack,
  TenderStatusMarker,
  Text,
  truncate,
  useLoad,
  useParams,
  useSessionStore,
} from '@bawaba/shared';
import { Wrap } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { clarificationCutoff } from '@bawaba/shared/deadline-rules';
import { FileButton } from '@bawaba/shared/kit';
import { LazyPart } from '@bawaba/shared/render';
import { tenderStage } from '@bawaba/shared/rules';
import { textLangProps, useVersion, VersionSwitch } from '@bawaba/shared/user-text';
import { useLingui } from '@lingui/react/macro';
import { lazy, useState } from 'react';
import { getTender } from '../api.ts';
import { useCaller } from '../caller.ts';
import { AmendmentHistory } from '../components/AmendmentHistory.tsx';
import { CalendarDate, DeadlineAt } from '../components/CalendarDates.tsx';
import { DownloadIcon } from '../components/icons.tsx';
import { MyProposalPanel } from '../components/MyProposalPanel.tsx';
import { PaymentRecord } from '../components/PaymentRecord.tsx';
import { TenderActions } from '../components/TenderActions.tsx';
import { CreatedLabel } from '../components/TenderBits.tsx';
import { TenderOutcomePanel, TenderStateBadge } from '../components/TenderLifecycle.tsx';
import { TenderTimeline } from '../components/TenderTimeline.tsx';
import { Clarifications } from '../features/clarifications/Clarifications.tsx';
import { RequiredCredentials } from '../features/evaluation/RequiredCredentials.tsx';
import { TenderEvaluation } from '../features/evaluation/TenderEvaluation.tsx';
import { panelOnTenderPage } from '../rules/panel.ts';

// An evaluator's part of the evaluation panel (declaration, scores; the chair's spread and lock): its own chunk, with
// the workspace's catalog where its texts are.
const PanelSection = lazy(() => import('../features/decision/load.ts').then((m) => m.loadPanelSection()));

/** Spec §9: titles are cut at 35 characters on the detail page. */
const DETAIL_TITLE_MAX = 35;

/** Loads GET /tenders/:id again whenever the id, the language or the session changes. */
export function useTender(id: number) {
  const language = useSessionStore((s) => s.language);
  const caller = useCaller();
  const valid = Number.isInteger(id) && id >= 1;
  const loaded = useLoad(`tender:${id}|${language}|${caller}`, () => getTender(id), valid);
  const state: 'loading' | 'ready' | 'missing' =
    !valid || loaded.failed ? 'missing' : loaded.data ? 'ready' : 'loading';
  return { tender: loaded.data ?? null, state, reload: loaded.reload };
}

export function TenderNotFound() {
  const { t } = useLingui();
  return (
    <Box textAlign="center" py="16" data-testid="tender-missing">
      <Heading size="md">{t`This tender is not available.`}</Heading>
      <Button asChild mt="4" variant="outline">
        <Link to="/tender">{t`Back to tenders`}</Link>
      </Button>
    </Box>
  );
}

export default function TenderProfile() {
  const language = useSessionStore((s) => s.language);
  const { id } = useParams();
  const { tender, state, reload } = useTender(Number(id));

  if (state === 'missing') return <TenderNotFound />;
  if (!tender) return <Skeleton h="96" borderRadius="lg" />;
  return <TenderDetail key={`${tender.id}|${language}`} tender={tender} reload={reload} />;
}

/** The tender's page, its title and description in the version the reader chose (the API's choice first). */
function TenderDetail({ tender, reload }: { tender: Tender; reload: () => void }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const token = useSessionStore((s) => s.token);
  const [panelVersion, setPanelVersion] = useState(0);
  const title = useVersion({
    text: tender.title,
    lang: tender.titleLang,
    en: tender.titleEn,
    ar: tender.titleAr,
  });
  const description = useVersion({
    text: tender.description,
    lang: tender.descriptionLang,
    en: tender.descriptionEn,
    ar: tender.descriptionAr,
  });
  const showVersion = (l: 'en' | 'ar') => {
    title.show(l);
    description.show(l);
  };

  const money = (amount: number, currency = 'QAR') => formatMoney(amount, language, currency);
  const date = (value: string | null) => <CalendarDate value={value} />;

  return (
    <Stack gap="6" data-testid="tender-profile" data-tender-id={tender.id}>
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
        <Link to="/tender">
          {language === 'ar' ? '→' : '←'} {t`Back to tenders`}
        </Link>
      </Button>
      <Box borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3">
            {tenderStage(tender).showsAccess && <TenderStatusMarker status={tender.status} />}
            <ApprovalBadge status={tender.approvalStatus.status} />
            <TenderStateBadge state={tender.state} />
            <CreatedLabel createdAt={tender.createdAt} />
          </HStack>
          <Text fontSize="sm" color="fg.muted" dir="ltr" data-testid="tender-number">
            {tender.number}
          </Text>
        </HStack>
        <Heading
          as="h1"
          size="xl"
          mt="3"
          {...textLangProps(title.lang)}
          title={title.text}
          data-testid="tender-title"
        >
          {truncate(title.text, DETAIL_TITLE_MAX)}
        </Heading>
        <VersionSwitch other={title.other ?? description.other} onSwitch={showVersion} />
        <Text color="fg.muted" mt="1">
          {t`Published by ${tender.user.name}`}
        </Text>
        <PaymentRecord tender={tender} />
        <TenderActions tender={tender} onChanged={reload} mt="4" size="md" />
        {tender.isPastDeadline && !tender.outcome && (
          <Text mt="3" color="red.600" fontSize="sm" data-testid="deadline-passed">
            {t`The deadline for this tender has passed.`}
          </Text>
        )}
        {tender.outcome && (
          <Box mt="4">
            <TenderOutcomePanel tender={tender} />
          </Box>
        )}
      </Box>

      {token && tender.isProposalSubmitted && <MyProposalPanel tender={tender} onChanged={reload} />}

      {token && panelOnTenderPage(tender) && (
        <LazyPart>
          <PanelSection
            tender={tender}
            version={panelVersion}
            onChanged={() => {
              setPanelVersion((n) => n + 1);
              reload();
            }}
          />
        </LazyPart>
      )}

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6">
        <Stack gap="6">
          <Box>
            <Heading as="h2" size="md" mb="2">
              {t`Description`}
            </Heading>
            {description.text ? (
              // Rich text (sanitized HTML); a description written before the editor keeps its line breaks.
              <SafeHtml
                html={description.text}
                whiteSpace="pre-wrap"
                {...textLangProps(description.lang)}
                data-testid="tender-description"
              />
            ) : (
              <Text data-testid="tender-description">—</Text>
            )}
          </Box>
          <Box>
            <Heading as="h2" size="md" mb="2">
              {t`Services`}
            </Heading>
            {tender.services.length === 0 ? (
              <Text color="fg.muted">—</Text>
            ) : (
              <Wrap gap="2" data-testid="tender-services">
                {tender.services.map((s) => (
                  <Badge key={s.id} variant="outline" colorPalette="brand">
                    {s.name}
                  </Badge>
                ))}
              </Wrap>
            )}
          </Box>
          <Box>
            <Heading as="h2" size="md" mb="2">
              {t`Documents`}
            </Heading>
            {tender.documents.length === 0 ? (
              <Text color="fg.muted">{t`No documents attached.`}</Text>
            ) : (
              <Stack gap="2" data-testid="tender-documents">
                {tender.documents.map((d) => (
                  <HStack
                    key={d.id}
                    borderWidth="1px"
                    borderRadius="md"
                    px="3"
                    py="2"
                    justify="space-between"
                  >
                    <HStack minW="0">
                      <FileIcon color="brand.600" />
                      <Text truncate>{d.name}</Text>
                      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                        {formatBytes(d.size, language)}
                      </Text>
                    </HStack>
                    {token ? (
                      <FileButton file={d}>
                        <DownloadIcon /> {t`Download`}
                      </FileButton>
                    ) : (
                      <Text fontSize="xs" color="fg.muted">
                        {t`Sign in to download`}
                      </Text>
                    )}
                  </HStack>
                ))}
              </Stack>
            )}
          </Box>
          <TenderEvaluation evaluation={tender.evaluation} />
          <RequiredCredentials tender={tender} />
          <AmendmentHistory tender={tender} />
          <Clarifications tender={tender} />
        </Stack>

        <Box borderWidth="1px" borderRadius="lg" p="4" alignSelf="start">
          <DataList.Root orientation="horizontal" size="sm" data-testid="tender-facts">
            {(
              [
                [t`Reference number`, tender.number, 'number'],
                [t`Publish date`, date(tender.publish_date), 'publish'],
                [t`Start date`, date(tender.start_date), 'start'],
                [t`End date`, date(tender.end_date), 'end'],
                [t`Deadline`, <DeadlineAt key="deadline" value={tender.deadline} />, 'deadline'],
                [
                  t`Questions until`,
                  <DeadlineAt
                    key="cutoff"
                    value={
                      clarificationCutoff(tender.deadline, tender.clarificationCutoff)?.toISOString() ?? null
                    }
                  />,
                  'cutoff',
                ],
                [t`Budget`, tender.budget === null ? '—' : money(tender.budget, tender.currency), 'budget'],
                [
                  t`Participation fee`,
                  tender.participationFee > 0 ? money(tender.participationFee, tender.currency) : t`None`,
                  'fee',
                ],
                [t`Bond`, tender.bond > 0 ? money(tender.bond, tender.currency) : t`None`, 'bond'],
                [t`Publisher`, tender.user.name, 'publisher'],
              ] as const
            ).map(([label, value, key]) => (
              <DataList.Item key={key} data-testid={`fact-${key}`}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Box mt="5">
            <TenderTimeline tender={tender} />
          </Box>
        </Box>
      </Grid>
    </Stack>
  );
}
