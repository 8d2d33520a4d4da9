import { acceptFor, Button, Input, notify, uploadFile } from '@bawaba/shared';
import type { UploadedFile, UploadPurpose } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';

/**
 * A button that picks a file and uploads it (POST /files/upload with `purpose`), then hands back the stored
 * file. The accept list comes from the contract for that purpose; the server checks the content too.
 */
export function FilePick({
  purpose,
  onUploaded,
  children,
  testId,
  multiple = false,
}: {
  purpose: UploadPurpose;
  onUploaded: (file: UploadedFile) => void;
  children: ReactNode;
  testId?: string;
  multiple?: boolean;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Input
        ref={input}
        type="file"
        display="none"
        accept={acceptFor(purpose)}
        multiple={multiple}
        data-testid={testId}
        onChange={async (e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length === 0) return;
          setBusy(true);
          try {
            for (const file of files) onUploaded(await uploadFile(file, purpose));
            notify.success(t`File uploaded successfully`);
          } catch {
            // The shell shows the server's message (wrong type, too large…).
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
