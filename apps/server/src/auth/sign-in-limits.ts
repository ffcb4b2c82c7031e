/** Sign-in limits; see docs/core/accounts.md "Accounts and sign-in". */

/** Failed sign-ins one name may have in {@link LOGIN_FAILURE_WINDOW_MS}, from any address. */
export const LOGIN_FAILURES_PER_NAME = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Requests per address to /api/auth/register and /api/auth/login together. */
export const SIGN_IN_PER_IP = { max: 30, timeWindow: 60_000 } as const;
/** Requests per address to /api/auth/guest: each one creates an account and a player. */
export const GUESTS_PER_IP = { max: 10, timeWindow: 60 * 60_000 } as const;

/** The refusal once a name has had too many failed sign-ins. */
export function tooManyFailuresMessage(retryInMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryInMs / 60_000));
  return `Too many failed sign-ins for this name; try again in ${minutes} min.`;
}

/**
 * Requests per address that start a flow at an identity provider (sign-in, sign-up, link):
 * each stores a flow (the provider's answer is then limited by the flows there are).
 */
export const OAUTH_PER_IP = { max: 30, timeWindow: 60_000 } as const;
