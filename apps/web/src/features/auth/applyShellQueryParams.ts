import { loginToken, referrer } from "./authStorage";
import { readShellQueryParams } from "./shellQueryParams";

/**
 * Run once at start-up, before the router reads the address: store `jwt` as the login
 * token (then drop it from the address bar) and `ref` as the referrer.
 */
export function applyShellQueryParams(): void {
  const { token, ref, cleanedSearch } = readShellQueryParams(window.location.search);
  if (token) loginToken.set(token);
  if (ref) referrer.set(ref);
  if (cleanedSearch !== null) {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${cleanedSearch}${hash}`);
  }
}
