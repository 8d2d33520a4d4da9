import { Button, Field, HStack, notify, Stack, Textarea } from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import { ACCEPT, OBJECTION_GROUNDS, type UploadedFile } from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { decisionStageApi } from '../decision/stage/decision-stage-api.ts';

type Ground = (typeof OBJECTION_GROUNDS)[number];
const GROUNDS: Record<Ground, MessageDescriptor> = {
  criteria_not_followed: msg`The published criteria were not followed`,
  scoring_error: msg`A scoring error`,
  price_error: msg`A price was misread or miscalculated`,
  winner_not_eligible: msg`The winner is not eligible`,
  procedure: msg`The procedure was not followed`,
  other: msg`Other`,
};

/** At most this many documents go with an objection (ObjectionBody in the shared contracts). */
const MAX_DOCUMENTS = 10;
/**
 * The accept list of objection documents, given here from the remote's own contracts rather than looked up by the
 * host's FileUpload: a host release older than this purpose has no accept list for it (docs/releases.md).
 */
const OBJECTION_ACCEPT = ACCEPT['objection-document'].map((ext) => `.${ext}`).join(',');

/**
 * A losing bidder's one objection to an award during its standstill (docs/decisions/0013-decision-stage.md): the
 * grounds, the statement, what they ask for and up to 10 documents (uploads of purpose `objection-document`, sent
 * by id once uploaded; the objection is sent only when no upload is under way). The server checks it all and says
 * why when it refuses. Shown on the bidder's tender and proposal pages, it brings its own catalog (lingui.config.ts,
 * load.ts).
 */
export default function ObjectionForm({
  tenderId,
  onFiled,
  onCancel,
}: {
  tenderId: number;
  onFiled: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const [grounds, setGrounds] = useState<Ground[]>([]);
  const [statement, setStatement] = useState('');
  const [remedy, setRemedy] = useState('');
  const [sending, setSending] = useState(false);
  const [documents, setDocuments] = useState<Pick<UploadedFile, 'id' | 'name' | 'size'>[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <form
      data-testid="objection-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        try {
          await decisionStageApi.object(tenderId, {
            grounds,
            statement,
            remedy,
            documentIds: documents.map((d) => d.id),
          });
          notify.success(t`Objection filed: the buyer must answer it before the award becomes final`);
          onFiled();
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
        <FormField
          label={t`Documents`}
          helper={t`Up to ${MAX_DOCUMENTS} documents that support the objection: the buyer and the platform's administrators read them.`}
        >
          <FileUpload
            testId="objection-documents"
            variant="list"
            purpose="objection-document"
            accept={OBJECTION_ACCEPT}
            multiple
            files={documents}
            hint={t`PDF, Word, Excel, JPG, PNG, max 50MB each`}
            successMessage={t`Document uploaded successfully`}
            failureMessage={t`Document upload failed`}
            onBusyChange={setUploading}
            onUploaded={(file) =>
              setDocuments((now) => [...now, { id: file.id, name: file.name, size: file.size }])
            }
            onRemove={(id) => setDocuments((now) => now.filter((d) => d.id !== id))}
          >
            {t`Upload documents`}
          </FileUpload>
        </FormField>
        <HStack gap="2">
          <Button type="submit" size="sm" loading={sending} disabled={uploading} data-testid="send-objection">
            <Trans>Send the objection</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
