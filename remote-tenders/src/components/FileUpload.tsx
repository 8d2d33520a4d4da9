import {
  acceptFor,
  Box,
  Button,
  formatBytes,
  HStack,
  IconButton,
  notify,
  Stack,
  Text,
  UploadError,
  uploadFile,
  useSessionStore,
} from '@bawaba/shared';
import { Progress } from '@bawaba/shared/chakra-extra';
import type { UploadPurpose } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { FileInfo } from '../rules/draft.ts';
import { CloseIcon, FileIcon, UploadIcon } from './icons.tsx';

interface Pending {
  key: string;
  name: string;
  progress: number;
}

export interface FileUploadProps {
  purpose: UploadPurpose;
  /** A narrower accept list than the contract's for `purpose` (e.g. '.pdf,.png'); by default the contract's. */
  accept?: string;
  /** Files already uploaded (shown with a remove button). */
  files: FileInfo[];
  onUploaded(file: FileInfo): void;
  onRemove(id: string): void;
  /** Several files, or one that a new upload replaces. */
  multiple?: boolean;
  /** 'list': a drop-zone style button with a file list; 'picture-card': one square card (resubmit form). */
  variant?: 'list' | 'picture-card';
  buttonLabel: string;
  hint?: string;
  successMessage: string;
  failureMessage: string;
  invalid?: boolean;
  testId?: string;
}

/**
 * Upload with a progress bar per file: the file goes to POST /files/upload as soon as it is chosen and the
 * form keeps only its id. Toasts report the result (docs/product-spec.md §8 messages given by the caller).
 */
export function FileUpload(props: FileUploadProps) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const variant = props.variant ?? 'list';

  async function start(file: File) {
    const key = `${file.name}:${file.size}:${Math.random()}`;
    setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
    try {
      const uploaded = await uploadFile(file, props.purpose, {
        onProgress: (fraction) =>
          setPending((p) =>
            p.map((x) => (x.key === key ? { ...x, progress: Math.round(fraction * 100) } : x)),
          ),
      });
      props.onUploaded({ id: uploaded.id, name: uploaded.name || file.name, size: uploaded.size });
      notify.success(props.successMessage);
    } catch (error) {
      const reason = error instanceof UploadError && error.status > 0 ? error.message : undefined;
      notify.error(props.failureMessage, reason);
    } finally {
      setPending((p) => p.filter((x) => x.key !== key));
    }
  }

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of props.multiple ? chosen : chosen.slice(0, 1)) void start(file);
  }

  const busy = pending.length > 0;
  const showPicker = props.multiple || variant === 'list' || (props.files.length === 0 && !busy);

  const input = (
    <input
      ref={inputRef}
      id={inputId}
      type="file"
      accept={props.accept ?? acceptFor(props.purpose)}
      multiple={props.multiple}
      onChange={onChange}
      data-testid={props.testId ? `${props.testId}-input` : undefined}
      style={{ display: 'none' }}
    />
  );

  const progressList = pending.map((p) => (
    <Box key={p.key} data-testid="upload-progress">
      <HStack justify="space-between" fontSize="sm">
        <Text truncate>{p.name}</Text>
        <Text>{t`Uploading… ${p.progress}%`}</Text>
      </HStack>
      <Progress.Root value={p.progress} size="sm" colorPalette="brand" aria-label={t`Upload progress`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  ));

  const fileList = props.files.map((f) => (
    <HStack
      key={f.id}
      borderWidth="1px"
      borderRadius="md"
      px="3"
      py="2"
      justify="space-between"
      data-testid="uploaded-file"
    >
      <HStack minW="0">
        <FileIcon color="brand.600" />
        <Text truncate>{f.name}</Text>
        {f.size > 0 && (
          <Text color="fg.muted" fontSize="sm" flexShrink={0}>
            {formatBytes(f.size, language)}
          </Text>
        )}
      </HStack>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t`Remove ${f.name}`}
        onClick={() => props.onRemove(f.id)}
      >
        <CloseIcon />
      </IconButton>
    </HStack>
  ));

  if (variant === 'picture-card') {
    return (
      <Stack gap="2" data-testid={props.testId}>
        {input}
        <HStack gap="3" align="stretch">
          {props.files.map((f) => (
            <Box
              key={f.id}
              w="28"
              h="28"
              borderWidth="1px"
              borderRadius="md"
              p="2"
              position="relative"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="1"
              data-testid="uploaded-file"
            >
              <FileIcon boxSize="8" color="brand.600" />
              <Text fontSize="xs" truncate maxW="full">
                {f.name}
              </Text>
              <IconButton
                size="2xs"
                variant="subtle"
                position="absolute"
                top="1"
                insetEnd="1"
                aria-label={t`Remove ${f.name}`}
                onClick={() => props.onRemove(f.id)}
              >
                <CloseIcon />
              </IconButton>
            </Box>
          ))}
          {showPicker && (
            <Box
              asChild
              w="28"
              h="28"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor={props.invalid ? 'border.error' : 'border'}
              borderRadius="md"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="1"
              cursor="pointer"
              _hover={{ borderColor: 'brand.500' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              {/* A button, not a label: a label for a hidden input is no Tab stop for keyboard users. */}
              <button type="button" onClick={() => inputRef.current?.click()}>
                <UploadIcon boxSize="6" />
                <Text fontSize="sm">{props.buttonLabel}</Text>
              </button>
            </Box>
          )}
        </HStack>
        {progressList}
        {props.hint && (
          <Text fontSize="sm" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="2" data-testid={props.testId}>
      {input}
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={props.invalid ? 'border.error' : 'border'}
        borderRadius="lg"
        p="5"
        textAlign="center"
      >
        <UploadIcon boxSize="8" color="brand.600" />
        <Box mt="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            loading={busy && !props.multiple}
          >
            {props.buttonLabel}
          </Button>
        </Box>
        {props.hint && (
          <Text mt="2" fontSize="sm" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Box>
      {progressList}
      {fileList}
    </Stack>
  );
}
