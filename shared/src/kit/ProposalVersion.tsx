import {
  Box,
  formatDate,
  formatMoney,
  Heading,
  HStack,
  PAYMENT_TERM_LABELS,
  SimpleGrid,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { ProposalVersion } from '@bawaba/shared/contracts';
import { breakdownTotal, lineTotal } from '@bawaba/shared/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ActedBy } from './ActedBy.tsx';
import { FileButton } from './FileButton.tsx';
import { SealedPrice } from './marks.tsx';
import { Detail } from './page-parts.tsx';

/**
 * One version of a proposal: offer, milestones with documents, price breakdown and price documents. A financial
 * part the API sent sealed (null) shows the sealed placeholder wherever a price would be.
 */
export function ProposalVersionView({ version }: { version: ProposalVersion }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const { currency } = version;
  const money = (n: number | null) =>
    n === null || currency === null ? <SealedPrice /> : formatMoney(n, language, currency);
  return (
    <Stack gap="4" data-testid="proposal-version" data-version={version.version}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h4" size="sm">
          <Trans>
            Version {version.version}: {version.title}
          </Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Submitted on {formatDate(version.submittedAt, language)}</Trans>
          {version.actedBy && (
            <>
              {' · '}
              <Trans>
                by <ActedBy actor={version.actedBy} />
              </Trans>
            </>
          )}
        </Text>
      </HStack>
      <Text dir="auto" fontSize="sm" whiteSpace="pre-wrap">
        {version.description}
      </Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Detail label={<Trans>Offer price</Trans>}>{money(version.offer_price)}</Detail>
        <Detail label={<Trans>Duration</Trans>}>
          <Trans>{version.period} days</Trans>
        </Detail>
        <Detail label={<Trans>Payment terms</Trans>}>
          {version.payment_terms === null ? (
            <SealedPrice />
          ) : (
            i18n._(PAYMENT_TERM_LABELS[version.payment_terms])
          )}
        </Detail>
        <Detail label={<Trans>Attachment</Trans>}>
          <FileButton file={{ id: version.attachment }}>{t`Download`}</FileButton>
        </Detail>
        <Detail label={<Trans>Price documents</Trans>}>
          {version.priceDocuments === null ? (
            <SealedPrice />
          ) : (
            <HStack gap="1" wrap="wrap">
              {version.priceDocuments.map((id, n) => (
                <FileButton key={id} file={{ id }}>
                  {t`Price document ${n + 1}`}
                </FileButton>
              ))}
              {version.priceDocuments.length === 0 ? '—' : null}
            </HStack>
          )}
        </Detail>
      </SimpleGrid>
      <VersionTable
        title={<Trans>Milestones</Trans>}
        columns={[
          { label: <Trans>Milestone</Trans> },
          { label: <Trans>Amount</Trans> },
          { label: <Trans>Duration</Trans> },
          { label: <Trans>Dates</Trans> },
          { label: <Trans>Documents</Trans> },
        ]}
      >
        {version.milestones.map((m, index) => (
          <Table.Row key={`${index}-${m.title}`}>
            <Table.Cell>
              <Text dir="auto" fontWeight="medium">
                {m.title}
              </Text>
              <Text dir="auto" fontSize="xs" color="fg.muted">
                {m.description}
              </Text>
            </Table.Cell>
            <Table.Cell>{money(m.amount)}</Table.Cell>
            <Table.Cell>
              <Trans>{m.period} days</Trans>
            </Table.Cell>
            <Table.Cell fontSize="xs">
              {formatDate(m.start_date, language)} – {formatDate(m.end_date, language)}
              <br />
              <Trans>Expected: {formatDate(m.expected_completion_date, language)}</Trans>
            </Table.Cell>
            <Table.Cell>
              <HStack gap="1" wrap="wrap">
                {m.documents.map((id, n) => (
                  <FileButton key={id} file={{ id }}>
                    {t`Document ${n + 1}`}
                  </FileButton>
                ))}
                {m.documents.length === 0 ? '—' : null}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </VersionTable>
      {version.breakdown === null ? (
        <Detail label={<Trans>Price breakdown</Trans>}>
          <SealedPrice />
        </Detail>
      ) : version.breakdown.length ? (
        <VersionTable
          title={<Trans>Price breakdown</Trans>}
          columns={[
            { label: <Trans>Item</Trans> },
            { label: <Trans>Quantity</Trans> },
            { label: <Trans>Unit price</Trans> },
            { label: <Trans>Total</Trans>, end: true },
          ]}
        >
          {version.breakdown.map((item, index) => (
            <Table.Row key={`${index}-${item.name}`}>
              <Table.Cell>
                <Text dir="auto">{item.name}</Text>
                {item.description ? (
                  <Text dir="auto" fontSize="xs" color="fg.muted">
                    {item.description}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{item.quantity}</Table.Cell>
              <Table.Cell>{money(item.unitPrice)}</Table.Cell>
              <Table.Cell textAlign="end">{money(lineTotal(item))}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell colSpan={3} fontWeight="semibold">
              <Trans>Total</Trans>
            </Table.Cell>
            <Table.Cell textAlign="end" fontWeight="semibold">
              {money(breakdownTotal(version.breakdown ?? []))}
            </Table.Cell>
          </Table.Row>
        </VersionTable>
      ) : null}
    </Stack>
  );
}

/** A titled table of one proposal version (milestones, price breakdown): its column headers, then its rows. */
function VersionTable({
  title,
  columns,
  children,
}: {
  title: ReactNode;
  columns: { label: ReactNode; end?: boolean }[];
  children: ReactNode;
}) {
  return (
    <Box>
      <Heading as="h5" size="xs" mb="2">
        {title}
      </Heading>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {columns.map((column, index) => (
                <Table.ColumnHeader key={index} textAlign={column.end ? 'end' : undefined}>
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
