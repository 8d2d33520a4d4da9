import type { UploadedFile, UploadPurpose } from '@bawaba/shared/contracts';
import { FileUpload } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The account area's file picker: the site's one upload widget as a button, with the account's success toast.
 * `testId` names the widget (`<testId>-input`, `<testId>-error`).
 */
export function FilePick({
  purpose,
  onUploaded,
  children,
  testId,
  multiple = false,
  onBusyChange,
}: {
  purpose: UploadPurpose;
  onUploaded: (file: UploadedFile) => void;
  children: ReactNode;
  testId?: string;
  multiple?: boolean;
  /** Told when uploads start and end, so a form can hold its submit meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <FileUpload
      purpose={purpose}
      multiple={multiple}
      onUploaded={onUploaded}
      successMessage={t`File uploaded successfully`}
      {...(testId ? { testId } : {})}
      {...(onBusyChange ? { onBusyChange } : {})}
    >
      {children}
    </FileUpload>
  );
}
