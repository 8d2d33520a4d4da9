import {
  Box,
  Card,
  formatMoney,
  HStack,
  Link,
  RouterLink,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { ContractSummary } from '@bawaba/shared/contracts';
import { Detail, Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { contractPath, otherSide } from '../../rules/contracts.ts';
import { ContractStatusBadge, SIDE_LABELS } from './ContractBits.tsx';
import { contractsApi } from './contracts-api.ts';
import { PartyName } from './PartyName.tsx';

function ContractCard({ contract }: { contract: ContractSummary }) {
  const { i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  // The other party: the supplier for the buyer side, the buyer for the supplier side (an admin reads both).
  const other = contract.side ? otherSide(contract.side) : 'supplier';
  const party = contract[other];
  return (
    <Card.Root size="sm" data-testid="contract-card" data-contract-id={contract.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Stack gap="0">
              <Link asChild fontWeight="semibold" colorPalette="brand">
                <RouterLink
                  to={contractPath(contract.id)}
                  data-testid="contract-link"
                  {...textLangProps(contract.tender.titleLang)}
                >
                  {contract.tender.title}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                {contract.number}
              </Text>
            </Stack>
            <ContractStatusBadge status={contract.status} />
          </HStack>
          <HStack gap="6" wrap="wrap">
            <Detail label={i18n._(SIDE_LABELS[other])}>
              <Text as="span" data-testid="contract-party">
                <PartyName party={party} />
              </Text>
            </Detail>
            <Detail label={<Trans>Value</Trans>}>
              <Text as="span" data-testid="contract-value">
                {formatMoney(contract.value, language, contract.currency)}
              </Text>
            </Detail>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The caller's contracts, both sides': the tender, the other party, the value and the state of each. */
export function ContractList() {
  const list = useLoad('contracts', () => contractsApi.list());
  return (
    <Box data-testid="account-page-contracts">
      <PageTitle>
        <Trans>Contracts</Trans>
      </PageTitle>
      {list.loading && !list.data ? (
        <Loading />
      ) : !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <Empty
          title={<Trans>No contracts yet</Trans>}
          description={<Trans>When an award becomes final, its contract appears here for both sides.</Trans>}
        />
      ) : (
        <Stack gap="4">
          {list.data.map((contract) => (
            <ContractCard key={contract.id} contract={contract} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
