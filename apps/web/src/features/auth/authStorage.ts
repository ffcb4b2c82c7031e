import { booleanCodec, createLocalValue, stringCodec, useLocalValue } from "../../lib/localValue";

/** Login token (localStorage "token"). The socket client reads and clears it. */
export const loginToken = createLocalValue("token", stringCodec);

/** Whether this browser has signed in before: picks Sign in vs Create account. */
export const hasAccount = createLocalValue("has-account", booleanCodec(false));

/** Referrer id from the ?ref= query parameter (localStorage "ref"). */
export const referrer = createLocalValue("ref", stringCodec);

export function useLoginToken(): string | null {
  return useLocalValue(loginToken);
}

/** Forget the token (sign out, or the server rejected it); the shell then redirects to /login. */
export function clearLoginToken(): void {
  loginToken.clear();
}
