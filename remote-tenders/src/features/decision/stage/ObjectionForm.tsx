import { Button, Field, HStack, notify, Stack, Textarea } from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import { OBJECTION_GROUNDS } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { decisionStageApi } from './decision-stage-api.ts';

type Ground = (typeof OBJECTION_GROUNDS)[number];
const GROUNDS: Record<Ground, MessageDescriptor> = {
  criteria_not_followed: msg`The published criteria were not followed`,
  scoring_error: msg`A scoring error`,
  price_error: msg`A price was misread or miscalculated`,
  winner_not_eligible: msg`The winner is not eligible`,
  procedure: msg`The procedure was not followed`,
  other: msg`Other`,
};

/**
 * A losing bidder's one objection to an award during its standstill (docs/decisions/0013-decision-stage.md): the
 * grounds, the statement and what they ask for. The server checks it all and says why when it refuses.
 */
export default function ObjectionForm({ tenderId, onDone }: { tenderId: number; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [grounds, setGrounds] = useState<Ground[]>([]);
  const [statement, setStatement] = useState('');
  const [remedy, setRemedy] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      data-testid="objection-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        try {
          await decisionStageApi.object(tenderId, { grounds, statement, remedy });
          notify.success(t`Objection filed: the buyer must answer it before the award becomes final`);
          onDone();
        } finally {
          setSending(false);
        }
      }}
    >
      <Stack gap="3" mt="3">
        <Fieldset.Root>
          <Fieldset.Legend>{t`Grounds`}</Fieldset.Legend>
          <Stack gap="1">
            {OBJECTION_GROUNDS.map((g) => (
              <Checkbox.Root
                key={g}
                size="sm"
                checked={grounds.includes(g)}
                onCheckedChange={(e) =>
                  setGrounds((now) => (e.checked ? [...now, g] : now.filter((x) => x !== g)))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{i18n._(GROUNDS[g])}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Field.Root required>
          <Field.Label>{t`What happened`}</Field.Label>
          <Textarea dir="auto" value={statement} onChange={(e) => setStatement(e.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t`What you ask for`}</Field.Label>
          <Textarea dir="auto" value={remedy} onChange={(e) => setRemedy(e.target.value)} />
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" size="sm" loading={sending} data-testid="send-objection">
            <Trans>Send the objection</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            <Trans>Back</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
