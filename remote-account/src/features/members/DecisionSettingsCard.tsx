import {
  Button,
  Card,
  formatMoney,
  Heading,
  Input,
  notify,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { DecisionSettings } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { LoadFailed, Loading } from '@bawaba/shared/kit';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../api.ts';

/**
 * The company's approval threshold (docs/decisions/0013-decision-stage.md, four eyes): the tender budget in QAR above
 * which an award, a no-award or a cancellation needs a second member's approval, once a member has the approver role.
 * Every member reads it; its administrators (`isAdmin`, the roles the API reports) change it; the API decides.
 */
export function DecisionSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const settings = useLoad('decision-settings', api.decisionSettings);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DecisionSettings>({ resolver: valibotResolver(DecisionSettings), mode: 'onTouched' });
  const stored = settings.data?.approvalAbove;
  useEffect(() => {
    if (stored !== undefined) reset({ approvalAbove: stored });
  }, [stored, reset]);

  const save = handleSubmit(async (body) => {
    try {
      await api.saveDecisionSettings(body);
      notify.success(t`Approval threshold saved`);
      settings.reload();
    } catch {
      // The shell shows the server's reason.
    }
  });

  return (
    <Card.Root data-testid="decision-settings">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            <Trans>Approval of tender decisions</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              Once a member has the Approver role, awarding a tender, closing it without an award or
              cancelling it needs a second member's approval when the tender's budget is above this amount (a
              tender without a budget in QAR always does). 0 means every tender.
            </Trans>
          </Text>
          {settings.loading && !settings.data ? (
            <Loading />
          ) : !settings.data ? (
            <LoadFailed onRetry={settings.reload} />
          ) : isAdmin ? (
            <form onSubmit={(e) => void save(e)} noValidate aria-label={t`Approval of tender decisions`}>
              <Stack gap="3" align="start">
                <FormField
                  label={<Trans>Approval needed above (QAR)</Trans>}
                  error={errors.approvalAbove?.message}
                >
                  <Input
                    type="number"
                    min={0}
                    step="0.01"
                    maxW="xs"
                    {...register('approvalAbove', { valueAsNumber: true })}
                    data-testid="approval-above"
                  />
                </FormField>
                <Button type="submit" size="sm" colorPalette="brand" loading={isSubmitting}>
                  <Trans>Save threshold</Trans>
                </Button>
              </Stack>
            </form>
          ) : (
            <Text data-testid="approval-above-value">
              <Trans>
                Approval needed above: <bdi>{formatMoney(settings.data.approvalAbove, language, 'QAR')}</bdi>
              </Trans>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
