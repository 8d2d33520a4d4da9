import {
  Box,
  Button,
  Card,
  formatMoney,
  Heading,
  HStack,
  Link,
  notify,
  RouterLink,
  Span,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Contract, ContractSide } from '@bawaba/shared/contracts';
import { ContractReasonBody, NOTIFICATION_ARRIVED, type Notification } from '@bawaba/shared/contracts';
import { ActedBy, Detail, LazyReasonDialog, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { concernsContract, paidAmount } from '../../rules/contracts.ts';
import { AgreedDocuments } from './AgreedDocuments.tsx';
import { ContractStatusBadge, SIDE_LABELS } from './ContractBits.tsx';
import { ContractHistory } from './ContractHistory.tsx';
import { contractsApi } from './contracts-api.ts';
import { MilestoneCard } from './MilestoneCard.tsx';
import { PartyName } from './PartyName.tsx';
import { Ratings } from './Ratings.tsx';
import { Variations } from './Variations.tsx';

/** Reloads when a notification about this contract arrives live (the other side acted). */
function useLiveReload(id: number, reload: () => void) {
  useEffect(() => {
    const onArrived = (event: Event) => {
      const notification = (event as CustomEvent<Notification | undefined>).detail;
      if (concernsContract(notification?.link, id)) reload();
    };
    window.addEventListener(NOTIFICATION_ARRIVED, onArrived);
    return () => window.removeEventListener(NOTIFICATION_ARRIVED, onArrived);
  }, [id, reload]);
}

/** Who accepted for one side and when, or that it has not yet. */
function Acceptance({ contract, side }: { contract: Contract; side: ContractSide }) {
  const { i18n } = useLingui();
  const accepted = contract.acceptances[side];
  return (
    <Box data-testid="contract-acceptance" data-side={side} data-accepted={accepted ? 'true' : 'false'}>
      <Text fontWeight="semibold">
        {i18n._(SIDE_LABELS[side])}: <PartyName party={contract[side]} />
      </Text>
      {accepted ? (
        <Text fontSize="sm">
          <Trans>
            Accepted by <bdi data-testid="accepted-by">{accepted.name}</bdi> on{' '}
            <DeadlineAt value={accepted.at} />
          </Trans>
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Not accepted yet</Trans>
        </Text>
      )}
    </Box>
  );
}

/** The contract document as a PDF, in English or in Arabic (the call needs the Bearer header: no plain link). */
function DocumentLinks({ contract }: { contract: Contract }) {
  const [busy, setBusy] = useState<'en' | 'ar' | null>(null);
  const save = async (lang: 'en' | 'ar') => {
    setBusy(lang);
    try {
      await contractsApi.document(contract.id, lang, `${contract.number}-${lang}.pdf`);
    } catch {
      // The shell shows the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button
        size="sm"
        variant="outline"
        loading={busy === 'en'}
        onClick={() => void save('en')}
        data-testid="contract-pdf-en"
      >
        <Trans>Contract PDF (English)</Trans>
      </Button>
      <Button
        size="sm"
        variant="outline"
        loading={busy === 'ar'}
        onClick={() => void save('ar')}
        data-testid="contract-pdf-ar"
      >
        <Trans>Contract PDF (Arabic)</Trans>
      </Button>
    </HStack>
  );
}

function ContractView({ contract, reload }: { contract: Contract; reload: () => void }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [accepting, setAccepting] = useState(false);
  const [terminating, setTerminating] = useState(false);
  const paid = paidAmount(contract.milestones);
  const accept = async () => {
    setAccepting(true);
    try {
      await contractsApi.accept(contract.id);
      notify.success(t`You accepted the contract`);
      reload();
    } catch {
      // The shell shows the server's message.
    } finally {
      setAccepting(false);
    }
  };
  return (
    <Stack gap="5" data-testid="contract-page" data-contract-id={contract.id} data-status={contract.status}>
      <PageTitle actions={<ContractStatusBadge status={contract.status} />}>
        <Trans>
          Contract <bdi>{contract.number}</bdi>
        </Trans>
      </PageTitle>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <HStack gap="6" wrap="wrap" align="flex-start">
              <Detail label={<Trans>Tender</Trans>}>
                <Link asChild colorPalette="brand">
                  <RouterLink to={`/tender-profile/${contract.tender.id}`} data-testid="contract-tender">
                    <Span {...textLangProps(contract.tender.titleLang)}>{contract.tender.title}</Span>
                  </RouterLink>
                </Link>
              </Detail>
              <Detail label={<Trans>Value</Trans>}>
                <Text as="span" data-testid="contract-value">
                  {formatMoney(contract.value, language, contract.currency)}
                </Text>
              </Detail>
              <Detail label={<Trans>Created</Trans>}>
                <CalendarDate value={contract.createdAt} />
              </Detail>
              <Detail label={<Trans>Milestones accepted</Trans>}>
                <Text as="span" data-testid="contract-progress">
                  {t`${contract.progress.accepted} of ${contract.progress.total}`}
                </Text>
              </Detail>
              <Detail label={<Trans>Paid</Trans>}>
                <Text as="span" data-testid="contract-paid">
                  {formatMoney(paid, language, contract.currency)}
                </Text>
              </Detail>
            </HStack>
            <HStack gap="8" wrap="wrap" align="flex-start">
              <Acceptance contract={contract} side="buyer" />
              <Acceptance contract={contract} side="supplier" />
            </HStack>
            {contract.termination ? (
              <Box data-testid="termination-reason">
                <Text fontWeight="semibold">
                  <Trans>
                    Terminated by <ActedBy actor={contract.termination.by} /> on{' '}
                    <DeadlineAt value={contract.termination.at} />, with this reason:
                  </Trans>
                </Text>
                <Text dir="auto" whiteSpace="pre-wrap">
                  {contract.termination.reason}
                </Text>
              </Box>
            ) : null}
            <HStack gap="2" wrap="wrap" justify="space-between">
              <HStack gap="2" wrap="wrap">
                {contract.can.accept ? (
                  <Button
                    size="sm"
                    colorPalette="brand"
                    loading={accepting}
                    onClick={() => void accept()}
                    data-testid="accept-contract"
                  >
                    <Trans>Accept the contract</Trans>
                  </Button>
                ) : null}
                {contract.can.terminate ? (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setTerminating(true)}
                    data-testid="terminate-contract"
                  >
                    <Trans>Terminate</Trans>
                  </Button>
                ) : null}
              </HStack>
              <DocumentLinks contract={contract} />
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>

      <AgreedDocuments contract={contract} />

      <Box as="section" aria-labelledby="contract-milestones">
        <Heading as="h2" size="md" mb="3" id="contract-milestones">
          <Trans>Milestones</Trans>
        </Heading>
        <Stack gap="3">
          {contract.milestones.map((milestone, index) => (
            <MilestoneCard
              key={milestone.id}
              contract={contract}
              milestone={milestone}
              index={index}
              onChanged={reload}
            />
          ))}
        </Stack>
      </Box>

      <Variations contract={contract} onChanged={reload} />
      {contract.ratings ? (
        <Ratings contract={contract} ratings={contract.ratings} onChanged={reload} />
      ) : null}
      <ContractHistory contract={contract} />

      {terminating ? (
        <LazyReasonDialog
          title={<Trans>Terminate the contract</Trans>}
          hint={<Trans>The contract ends now. The other side is told, with your reason.</Trans>}
          label={<Trans>Reason</Trans>}
          confirmLabel={<Trans>Terminate</Trans>}
          confirmPalette="red"
          body={ContractReasonBody}
          required
          onConfirm={async (reason) => {
            await contractsApi.terminate(contract.id, reason);
            notify.success(t`The contract was terminated`);
            reload();
          }}
          onClose={() => setTerminating(false)}
          testIdPrefix="terminate-contract"
        />
      ) : null}
    </Stack>
  );
}

/** /account/contracts/:id: one contract, for either side (the API says what the caller may do). */
export function ContractPage({ id }: { id: number }) {
  const contract = useLoad(`contract:${id}`, () => contractsApi.get(id));
  useLiveReload(id, contract.reload);
  return (
    <Box data-testid="account-page-contracts">
      <Link asChild fontSize="sm" colorPalette="brand" mb="3" display="inline-block">
        <RouterLink to="/account/contracts" data-testid="back-to-contracts">
          <Trans>All contracts</Trans>
        </RouterLink>
      </Link>
      {contract.loading && !contract.data ? (
        <Loading />
      ) : !contract.data ? (
        <LoadFailed onRetry={contract.reload} />
      ) : (
        <ContractView contract={contract.data} reload={contract.reload} />
      )}
    </Box>
  );
}
