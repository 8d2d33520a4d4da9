import { http } from '@bawaba/shared';

/**
 * Private files (tender documents, proposal attachments) are served only with the Bearer header, so a plain
 * link cannot open them: fetch through the one client and hand the browser a blob.
 */
export async function openFile(fileId: string, name?: string): Promise<void> {
  const response = await http.get(`files/${encodeURIComponent(fileId)}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? fileNameOf(response.headers.get('content-disposition')) ?? fileId;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
