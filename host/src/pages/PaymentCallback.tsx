import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  formatDate,
  formatMoney,
  Heading,
  RouterLink as Link,
  requestSignIn,
  Stack,
  Text,
  useLoad,
  useSearchParams,
  useSessionStore,
} from '@bawaba/shared';
import { call, payment as paymentRoute, proposal as proposalRoute } from '@bawaba/shared/call';
import type { Payment } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon, XCircleIcon } from '../shell/icons.tsx';
import { LTR } from '../shell/styles.ts';

/**
 * The spec sends the retry link to /retry, which is not in the route table (it would fall back to home).
 * Paying again happens from the submitted proposals ("Pay now"), so the retry link goes there — offered only while
 * the API says the proposal can still be paid (its `canPay`: never once the tender ended or its deadline passed).
 */
export const RETRY_PAYMENT_HREF = '/account/submitted-proposals';

type Outcome = 'paid' | 'failed' | 'pending' | 'checking' | 'sign-in';

function PaymentRecord({ payment }: { payment: Payment }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const status = {
    paid: { label: t`Paid`, palette: 'green' },
    failed: { label: t`Failed`, palette: 'red' },
    pending: { label: t`Pending`, palette: 'orange' },
  }[payment.status];
  return (
    <Box borderWidth="1px" borderRadius="l2" p="4" textAlign="start" data-testid="payment-record">
      <Text fontWeight="semibold" mb="3">
        <Trans>Our record of this payment</Trans>
      </Text>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t`Reference`}</DataList.ItemLabel>
          <DataList.ItemValue css={LTR}>{payment.reference}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Tender`}</DataList.ItemLabel>
          <DataList.ItemValue {...textLangProps(payment.tender.titleLang)} data-testid="payment-tender">
            {payment.tender.title}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Amount`}</DataList.ItemLabel>
          <DataList.ItemValue>{formatMoney(payment.amount, language, payment.currency)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Status`}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge
              colorPalette={status.palette}
              data-testid="payment-record-status"
              data-status={payment.status}
            >
              {status.label}
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Date`}</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatDate(payment.completedAt ?? payment.createdAt, language)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}

/** `retry`: a failed payment may be tried again (false: the proposal can no longer be paid). */
function Result({ outcome, retry }: { outcome: Outcome; retry: boolean }) {
  switch (outcome) {
    case 'paid':
      return (
        <>
          <CheckCircleIcon boxSize="16" color="green.solid" />
          <Heading as="h1" size="2xl" data-testid="payment-result" data-status="paid">
            <Trans>Payment Successful</Trans>
          </Heading>
          <Text color="fg.muted">
            <Trans>Thank you for your payment! Your transaction was successful.</Trans>
          </Text>
        </>
      );
    case 'failed':
      return (
        <>
          <XCircleIcon boxSize="16" color="red.solid" />
          <Heading as="h1" size="2xl" data-testid="payment-result" data-status="failed">
            <Trans>Payment Failed</Trans>
          </Heading>
          <Text color="fg.muted" data-testid="payment-failed-text">
            {retry ? (
              <Trans>Unfortunately, your transaction could not be processed. Please try again.</Trans>
            ) : (
              <Trans>Nothing was charged. This proposal can no longer be paid.</Trans>
            )}
          </Text>
        </>
      );
    case 'pending':
      return (
        <>
          <Heading as="h1" size="2xl" data-testid="payment-result" data-status="pending">
            <Trans>Payment pending</Trans>
          </Heading>
          <Text color="fg.muted">
            <Trans>
              The payment provider has not confirmed this payment yet. Check your account again shortly.
            </Trans>
          </Text>
        </>
      );
    case 'checking':
      return (
        <Heading as="h1" size="xl" data-testid="payment-result" data-status="checking" aria-busy="true">
          <Trans>Checking your payment…</Trans>
        </Heading>
      );
    case 'sign-in':
      return (
        <>
          <Heading as="h1" size="xl" data-testid="payment-result" data-status="sign-in">
            <Trans>Sign in to see the result of this payment</Trans>
          </Heading>
          <Button colorPalette="brand" onClick={() => requestSignIn()}>
            <Trans>Sign in</Trans>
          </Button>
        </>
      );
  }
}

/**
 * Payment callback: /callback?status=Paid|…&reference=…. With a reference, the result shown is the server's own
 * record of that payment (the query string is whatever the browser was sent to, and anyone can type it): the
 * signed-in payer sees it; a visitor is asked to sign in first. Without a reference, the query string picks the
 * message, as the spec says.
 */
export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference');
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const record = useLoad(
    `payment:${reference}`,
    () => call(paymentRoute, { params: { reference: reference ?? '' }, context: { silent: true } }),
    Boolean(reference) && signedIn,
  );
  // A failed payment of a known proposal: whether it can be tried again is the API's answer (the proposal's canPay).
  const retryOf = record.data?.status === 'failed' ? record.data.proposalId : null;
  const proposal = useLoad(
    `proposal:${retryOf}`,
    () => call(proposalRoute, { params: { id: retryOf ?? 0 }, context: { silent: true } }),
    retryOf !== null,
  );
  const retry = retryOf === null || proposal.failed || proposal.data?.canPay !== false;
  let outcome: Outcome;
  if (!reference) outcome = params.get('status') === 'Paid' ? 'paid' : 'failed';
  else if (!signedIn) outcome = 'sign-in';
  else if (record.failed) outcome = 'failed';
  else if (!record.data || record.loading) outcome = 'checking';
  else if (retryOf !== null && (!proposal.data || proposal.loading) && !proposal.failed) outcome = 'checking';
  else outcome = record.data.status;
  return (
    <Stack align="center" py={{ base: '4', md: '10' }} data-testid="host-page-callback">
      <Card.Root w="full" maxW="lg" textAlign="center">
        <Card.Body gap="4" alignItems="center">
          <Result outcome={outcome} retry={retry} />
          {record.failed ? (
            <Text fontSize="sm" color="fg.muted" data-testid="payment-record-missing">
              <Trans>We could not find a payment with this reference in your account.</Trans>
            </Text>
          ) : null}
          {record.data && outcome !== 'checking' ? <PaymentRecord payment={record.data} /> : null}
          {outcome === 'paid' ? (
            <Button asChild colorPalette="brand">
              <Link to="/account">
                <Trans>Go to my account</Trans>
              </Link>
            </Button>
          ) : outcome === 'failed' && retry ? (
            <Button asChild colorPalette="brand">
              <Link to={RETRY_PAYMENT_HREF} data-testid="payment-retry">
                <Trans>Try again</Trans>
              </Link>
            </Button>
          ) : outcome === 'failed' ? (
            <Button asChild variant="outline">
              <Link to={RETRY_PAYMENT_HREF} data-testid="payment-proposals">
                <Trans>My proposals</Trans>
              </Link>
            </Button>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
