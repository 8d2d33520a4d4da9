import { Box, Button, HStack, notify, Stack, Text } from '@bawaba/shared';
import type { Panel, PanelBidder } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ReasonForm } from '../ReasonForm.tsx';
import { BidderName } from './BidderName.tsx';
import { panelApi } from './panel-api.ts';

/**
 * An evaluator's conflict-of-interest declaration, after bid opening: the bidders listed, then sign (they may then
 * read and score the proposals) or decline with a reason (off the panel).
 */
export function DeclarationForm({
  tenderId,
  bidders,
  onDone,
}: {
  tenderId: number;
  bidders: readonly PanelBidder[];
  onDone: (panel: Panel) => void;
}) {
  const { t } = useLingui();
  const [declining, setDeclining] = useState(false);
  const [signing, setSigning] = useState(false);

  const sign = async () => {
    setSigning(true);
    try {
      const panel = await panelApi.declare(tenderId, { decision: 'sign' });
      notify.success(t`Declaration signed: you may now score the proposals`);
      onDone(panel);
    } catch {
      // The shell shows the server's reason.
    } finally {
      setSigning(false);
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="panel-declaration">
      <Text fontWeight="semibold">
        <Trans>Conflict-of-interest declaration</Trans>
      </Text>
      <Text fontSize="sm">
        <Trans>
          These bidders sent proposals. Sign only if you have no interest in any of them (no ownership,
          employment, family tie or gift); otherwise decline, and say why.
        </Trans>
      </Text>
      <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" data-testid="panel-bidders">
        {bidders.map((b) => (
          <li key={b.proposalId}>
            <BidderName bidder={b} />
          </li>
        ))}
      </Box>
      {declining ? (
        <ReasonForm
          label={t`Why do you decline?`}
          submit={t`Decline the declaration`}
          onSubmit={async (reason) => {
            const panel = await panelApi.declare(tenderId, { decision: 'decline', reason });
            notify.success(t`You declined: you are no longer on this panel`);
            onDone(panel);
          }}
          onCancel={() => setDeclining(false)}
          testId="decline-declaration-form"
          danger
        />
      ) : (
        <HStack gap="2">
          <Button
            size="sm"
            colorPalette="brand"
            loading={signing}
            onClick={sign}
            data-testid="sign-declaration"
          >
            <Trans>I have no conflict of interest: sign</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDeclining(true)}
            data-testid="decline-declaration"
          >
            <Trans>Decline</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
