import { FileUploadButton, notify } from '@bawaba/shared';
import type { UploadedFile, UploadPurpose } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The account area's file picker: the shared upload button (progress bar, the server's reason when it refuses)
 * plus a toast once a file is stored.
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
  return (
    <FileUploadButton
      purpose={purpose}
      multiple={multiple}
      {...(testId ? { testId } : {})}
      onUploaded={(file) => {
        onUploaded(file);
        notify.success(t`File uploaded successfully`);
      }}
    >
      {children}
    </FileUploadButton>
  );
}
