/** Spec §5/§9: a company logo is shown only when its extension is one of these; otherwise a placeholder. */
export const LOGO_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/**
 * The URL to show for a company logo, or null for the placeholder. The extension is read from the URL's
 * path (query and fragment ignored, case-insensitive); a URL without one gets the placeholder too. The API's
 * file URLs carry their extension (`…/files/<id>.png`), so its logos pass as they are.
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
  return dot > 0 && LOGO_EXTENSIONS.includes(file.slice(dot + 1).toLowerCase()) ? raw : null;
}
