import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { CloseIcon, FileIcon, UploadIcon } from '../components/icons.tsx';
import type { UploadedFile, UploadPurpose } from '../contracts/files.ts';
import { formatBytes } from '../format/index.ts';
import { acceptFor, UploadError, uploadFile } from '../http/upload.ts';
import { useSessionStore } from '../store/session.ts';
import { Box, Button, HStack, IconButton, Stack, Text } from '../ui/chakra.ts';
import { notify } from '../ui/toaster.ts';

/** A file the form already holds: shown with its name, size (0 = unknown) and a remove button. */
export interface ShownFile {
  id: string;
  name: string;
  size: number;
}

export interface FileUploadProps {
  purpose: UploadPurpose;
  /** The button's text. */
  children: ReactNode;
  /** Handed every stored file, as the server describes it. */
  onUploaded(file: UploadedFile): void;
  /**
   * 'button': a button alone (the caller shows the result, e.g. a logo or an avatar);
   * 'list': a dashed drop-zone style area with the chosen files listed below;
   * 'picture-card': square cards, one per file, and one to add (the resubmit form).
   */
  variant?: 'button' | 'list' | 'picture-card';
  /** Files the form holds (list and picture-card variants), each with a remove button calling `onRemove`. */
  files?: ShownFile[];
  onRemove?(id: string): void;
  /** A narrower accept list than the contract's for `purpose` (e.g. '.pdf,.png'); by default the contract's. */
  accept?: string;
  multiple?: boolean;
  hint?: ReactNode;
  /** Toast texts (the spec's messages where it has them); without them the widget reports inline only. */
  successMessage?: string;
  failureMessage?: string;
  invalid?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /**
   * Names the widget for tests: the file input is `<testId>-input`, the server's refusal `<testId>-error`;
   * each upload in flight is `upload-progress`, each held file `uploaded-file`.
   */
  testId?: string;
  /** Told when uploads start and end (a form may hold its submit meanwhile). */
  onBusyChange?(busy: boolean): void;
}

interface InFlight {
  key: number;
  name: string;
  percent: number;
}

let nextKey = 0;

/**
 * The one upload widget of the site. A chosen file goes to the server at once (`uploadFile`: progress, the
 * user's language, the accept list and size limit of the contract for `purpose`); the form keeps only the
 * stored file's id. While it uploads, a progress bar per file; when the server refuses (over 50 MB, a type not
 * allowed here, too many uploads), its translated reason stays below the widget (and in the failure toast when
 * the caller gives one) — the user always learns what happened.
 */
export function FileUpload(props: FileUploadProps) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const input = useRef<HTMLInputElement>(null);
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [error, setError] = useState<string | null>(null);
  const variant = props.variant ?? 'button';
  const files = props.files ?? [];
  const errorId = props.testId ? `${props.testId}-error` : undefined;
  const busy = inFlight.length > 0;

  async function upload(file: File) {
    const key = nextKey++;
    setInFlight((all) => [...all, { key, name: file.name, percent: 0 }]);
    try {
      const stored = await uploadFile(file, props.purpose, {
        onProgress: (fraction) =>
          setInFlight((all) =>
            all.map((one) => (one.key === key ? { ...one, percent: Math.round(fraction * 100) } : one)),
          ),
      });
      props.onUploaded(stored);
      if (props.successMessage) notify.success(props.successMessage);
    } catch (failure) {
      const reason =
        failure instanceof UploadError && failure.status > 0
          ? failure.message
          : t`The file could not be sent. Check your connection and try again.`;
      setError(reason);
      if (props.failureMessage) notify.error(props.failureMessage, reason);
    } finally {
      setInFlight((all) => all.filter((one) => one.key !== key));
    }
  }

  async function uploadAll(chosen: File[]) {
    setError(null);
    props.onBusyChange?.(true);
    try {
      await Promise.all(chosen.map(upload));
    } finally {
      props.onBusyChange?.(false);
    }
  }

  const picker = (
    <input
      ref={input}
      type="file"
      accept={props.accept ?? acceptFor(props.purpose)}
      multiple={props.multiple}
      aria-describedby={error ? errorId : undefined}
      data-testid={props.testId ? `${props.testId}-input` : undefined}
      style={{ display: 'none' }}
      onChange={(event) => {
        const chosen = [...(event.currentTarget.files ?? [])];
        event.currentTarget.value = '';
        if (chosen.length > 0) void uploadAll(props.multiple ? chosen : chosen.slice(0, 1));
      }}
    />
  );
  const choose = () => input.current?.click();

  const progress = inFlight.map((one) => (
    <Box key={one.key} data-testid="upload-progress" minW="48">
      <HStack justify="space-between" fontSize="sm" gap="3">
        <Text truncate>{one.name}</Text>
        <Text flexShrink={0}>{t`Uploading… ${one.percent}%`}</Text>
      </HStack>
      <Box
        role="progressbar"
        aria-label={t`Upload progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={one.percent}
        h="1.5"
        bg="bg.muted"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${one.percent}%`} bg="brand.solid" transition="width 0.2s" />
      </Box>
    </Box>
  ));

  const refusal = error ? (
    <Text id={errorId} role="alert" fontSize="sm" color="fg.error" data-testid={errorId}>
      {error}
    </Text>
  ) : null;

  const hint = props.hint ? (
    <Text fontSize="sm" color="fg.muted">
      {props.hint}
    </Text>
  ) : null;

  const remove = (file: ShownFile) => (
    <IconButton
      size={variant === 'picture-card' ? '2xs' : 'xs'}
      variant={variant === 'picture-card' ? 'subtle' : 'ghost'}
      aria-label={t`Remove ${file.name}`}
      onClick={() => props.onRemove?.(file.id)}
      {...(variant === 'picture-card' ? { position: 'absolute', top: '1', insetEnd: '1' } : {})}
    >
      <CloseIcon />
    </IconButton>
  );

  if (variant === 'button') {
    return (
      <Stack gap="2" align="start" data-testid={props.testId}>
        {picker}
        <Button size={props.size ?? 'sm'} variant="outline" loading={busy} onClick={choose}>
          {props.children}
        </Button>
        {progress}
        {refusal}
      </Stack>
    );
  }

  if (variant === 'picture-card') {
    const canAdd = props.multiple || (files.length === 0 && !busy);
    return (
      <Stack gap="2" data-testid={props.testId}>
        {picker}
        <HStack gap="3" align="stretch" wrap="wrap">
          {files.map((file) => (
            <Stack
              key={file.id}
              w="28"
              h="28"
              borderWidth="1px"
              borderRadius="md"
              p="2"
              position="relative"
              align="center"
              justify="center"
              gap="1"
              data-testid="uploaded-file"
            >
              <FileIcon boxSize="8" color="brand.600" />
              <Text fontSize="xs" truncate maxW="full" dir="auto">
                {file.name}
              </Text>
              {remove(file)}
            </Stack>
          ))}
          {canAdd && (
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
              <button type="button" onClick={choose}>
                <UploadIcon boxSize="6" />
                <Text fontSize="sm">{props.children}</Text>
              </button>
            </Box>
          )}
        </HStack>
        {progress}
        {hint}
        {refusal}
      </Stack>
    );
  }

  return (
    <Stack gap="2" data-testid={props.testId}>
      {picker}
      <Stack
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={props.invalid ? 'border.error' : 'border'}
        borderRadius="lg"
        p="5"
        align="center"
        gap="2"
      >
        <UploadIcon boxSize="8" color="brand.600" />
        <Button
          size={props.size ?? 'sm'}
          variant="outline"
          onClick={choose}
          loading={busy && !props.multiple}
        >
          {props.children}
        </Button>
        {hint}
      </Stack>
      {progress}
      {refusal}
      {files.map((file) => (
        <HStack
          key={file.id}
          borderWidth="1px"
          borderRadius="md"
          px="3"
          py="2"
          justify="space-between"
          data-testid="uploaded-file"
        >
          <HStack minW="0">
            <FileIcon color="brand.600" />
            <Text truncate dir="auto">
              {file.name}
            </Text>
            {file.size > 0 && (
              <Text color="fg.muted" fontSize="sm" flexShrink={0}>
                {formatBytes(file.size, language)}
              </Text>
            )}
          </HStack>
          {remove(file)}
        </HStack>
      ))}
    </Stack>
  );
}
