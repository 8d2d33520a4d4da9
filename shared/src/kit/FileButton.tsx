import { Button, downloadFile } from '@bawaba/shared';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A stored file's download button: the download goes through the session (private files need it), under the file's
 * own name; a failed download is told by the shell's error popup, so the click itself swallows nothing else. The
 * label is the file's name (isolated: a user typed it) unless the page gives one.
 */
export function FileButton({
  file,
  children,
  ...rest
}: { file: { id: string; name?: string }; children?: ReactNode } & Omit<
  ComponentProps<typeof Button>,
  'onClick' | 'children'
>) {
  return (
    <Button
      size="xs"
      variant="outline"
      {...rest}
      onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
    >
      {children ?? <bdi>{file.name}</bdi>}
    </Button>
  );
}
