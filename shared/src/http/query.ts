/** A call's query string: an empty string or `undefined` means "not set" and is left out of the URL. */
export function searchParamsOf(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
