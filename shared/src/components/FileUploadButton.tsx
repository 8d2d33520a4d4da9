import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import type { UploadedFile, UploadPurpose } from '../contracts/files.ts';
import { Box, Button, Input, Stack, Text } from '../ui/chakra.ts';
import { acceptFor, UploadError, uploadFile } from './upload.ts';

/**
 * A button that picks a file (or several) and uploads it with `purpose`, then hands back the stored file. While it
 * uploads, a progress bar; when the server refuses (over 50 MB, a type not allowed here, too many uploads), its
 * translated reason right below the button — the user always learns what happened. The accept list comes from the
 * contract for that purpose; the server checks the content too.
 */
export function FileUploadButton({
  purpose,
  onUploaded,
  children,
  testId,
  multiple = false,
  size = 'sm',
  onBusyChange,
}: {
  purpose: UploadPurpose;
  onUploaded: (file: UploadedFile) => void;
  children: ReactNode;
  testId?: string;
  multiple?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** Told when an upload starts and ends (a form may hold its submit meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = testId ? `${testId}-error` : undefined;

  async function upload(files: File[]) {
    setError(null);
    onBusyChange?.(true);
    try {
      for (const file of files) {
        setProgress(0);
        onUploaded(await uploadFile(file, purpose, { onProgress: setProgress }));
      }
    } catch (failure) {
      setError(
        failure instanceof UploadError && failure.status > 0
          ? failure.message
          : t`The file could not be sent. Check your connection and try again.`,
      );
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  }

  return (
    <Stack gap="2" align="start">
      <Input
        ref={input}
        type="file"
        display="none"
        accept={acceptFor(purpose)}
        multiple={multiple}
        data-testid={testId}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) void upload(files);
        }}
      />
      <Button
        size={size}
        variant="outline"
        loading={progress !== null}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
      {progress !== null ? (
        <Box
          role="progressbar"
          aria-label={t`Upload progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          data-testid={testId ? `${testId}-progress` : undefined}
          w="40"
          h="1.5"
          bg="bg.muted"
          borderRadius="full"
          overflow="hidden"
        >
          <Box h="full" w={`${Math.round(progress * 100)}%`} bg="brand.solid" transition="width 0.2s" />
        </Box>
      ) : null}
      {error ? (
        <Text id={errorId} role="alert" fontSize="sm" color="fg.error" data-testid={errorId}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
