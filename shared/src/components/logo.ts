/** Spec §5/§9: a company logo is shown only when its extension is one of these; otherwise a placeholder. */
export const LOGO_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/** Our API's file URLs (`…/api/v1/files/<id>`) carry no extension: the server checked the content instead. */
const API_FILE_PATH = /\/api\/v1\/files\/[0-9a-f-]{8,}$/i;

/**
 * The URL to show for a company logo, or null for the placeholder. The extension is read from the URL's
 * path (query and fragment ignored, case-insensitive). An extension-less URL of the API's own file endpoint
 * is accepted: logo uploads are checked by content (magic bytes) against the same list on the server.
 */
export function companyLogoSrc(url: string | null | undefined): string | null {
  const raw = url?.trim();
  if (!raw) return null;
  let pathname: string;
  try {
    const parsed = new URL(raw, 'http://relative.invalid');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    pathname = parsed.pathname;
  } catch {
    return null;
  }
  const file = pathname.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  if (dot > 0) return LOGO_EXTENSIONS.includes(file.slice(dot + 1).toLowerCase()) ? raw : null;
  return API_FILE_PATH.test(pathname) ? raw : null;
}
