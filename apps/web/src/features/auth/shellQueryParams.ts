/**
 * Shell query parameters (spec 000 section 2): `jwt` is stored as the login token and
 * removed from the address; `ref` is stored locally as the referrer.
 */

export interface ShellQueryResult {
  token: string | null;
  ref: string | null;
  /** The search string to show instead ("" or "?a=b"), or null when unchanged. */
  cleanedSearch: string | null;
}

export function readShellQueryParams(search: string): ShellQueryResult {
  const params = new URLSearchParams(search);
  const token = params.get("jwt")?.trim() || null;
  const ref = params.get("ref")?.trim() || null;
  if (!params.has("jwt")) return { token, ref, cleanedSearch: null };
  params.delete("jwt");
  const rest = params.toString();
  return { token, ref, cleanedSearch: rest ? `?${rest}` : "" };
}
