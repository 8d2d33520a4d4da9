import {
  Button,
  Field,
  HStack,
  NativeSelect,
  notify,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import type { Panel } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { panelApi } from './panel-api.ts';

/** At most this many evaluators (PanelBody in the shared contracts). */
const MAX_EVALUATORS = 10;

/**
 * The buyer side appoints the whole panel: evaluators among the members of the company the session acts for (any
 * role), one of them the chair; a personal tender's panel is its owner alone. Replacing the panel drops the scores of
 * whoever is left out: the form says so. The API checks membership and the stage.
 */
export function AppointPanel({
  tenderId,
  panel,
  onDone,
  onCancel,
}: {
  tenderId: number;
  panel: Panel;
  onDone: (panel: Panel) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const user = useSessionStore((s) => s.user);
  const inCompany = user?.activeCompanyId != null;
  const members = useLoad('panel-candidates', panelApi.members, inCompany);
  const current = panel.members.filter((m) => m.declaration !== 'declined').map((m) => m.userId);
  const [chosen, setChosen] = useState<number[]>(current.length ? current : user ? [user.id] : []);
  const [chair, setChair] = useState<number | null>(panel.chairId ?? chosen[0] ?? null);
  const [sending, setSending] = useState(false);
  const candidates = inCompany
    ? (members.data?.members ?? []).map((m) => ({ id: m.userId, name: m.name }))
    : user
      ? [{ id: user.id, name: user.name }]
      : [];
  const chairId = chair !== null && chosen.includes(chair) ? chair : (chosen[0] ?? null);
  const dropped = current.filter((id) => !chosen.includes(id));

  const toggle = (id: number, on: boolean) =>
    setChosen((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  return (
    <form
      data-testid="appoint-panel-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (chairId === null) return;
        setSending(true);
        try {
          const saved = await panelApi.appoint(tenderId, { evaluatorIds: chosen, chairId });
          notify.success(t`Panel appointed: the evaluators are told`);
          onDone(saved);
        } catch {
          // The shell shows the server's reason (not a member, the technical stage locked).
        } finally {
          setSending(false);
        }
      }}
    >
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Fieldset.Root>
          <Fieldset.Legend>{t`Evaluators`}</Fieldset.Legend>
          <Fieldset.HelperText>
            <Trans>Choose up to {MAX_EVALUATORS} members of your company, whatever their role.</Trans>
          </Fieldset.HelperText>
          <Stack gap="1" data-testid="panel-candidates">
            {candidates.map((c) => (
              <Checkbox.Root
                key={c.id}
                size="sm"
                checked={chosen.includes(c.id)}
                onCheckedChange={(e) => toggle(c.id, e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <bdi dir="auto">{c.name}</bdi>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Field.Root maxW="sm">
          <Field.Label>{t`Chair`}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="panel-chair"
              value={chairId ?? ''}
              onChange={(e) => setChair(Number(e.target.value))}
            >
              {candidates
                .filter((c) => chosen.includes(c.id))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>
            <Trans>
              The chair sees every score once they have submitted their own, and locks the technical stage.
            </Trans>
          </Field.HelperText>
        </Field.Root>
        {dropped.length > 0 && (
          <Text fontSize="sm" color="fg.warning" data-testid="panel-dropped">
            <Trans>The scores of the evaluators you leave out are deleted.</Trans>
          </Text>
        )}
        <HStack gap="2">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={sending}
            disabled={chosen.length === 0 || chosen.length > MAX_EVALUATORS || chairId === null}
            data-testid="save-panel"
          >
            <Trans>Appoint the panel</Trans>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
