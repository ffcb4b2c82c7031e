/** Spec 000 sections 4 and 9: how the client reacts when its socket closes. */

export const HEARTBEAT_MS = 25_000;
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_STEP_MS = 500;
export const RESTART_JITTER_MS = 3_000;
/**
 * Our addition: a socket that has not opened after this long is given up and retried with
 * the same backoff, and the overlay says so (a socket that never opens would otherwise leave
 * "Connecting…" on screen for ever).
 */
export const CONNECT_TIMEOUT_MS = 10_000;
export const CONNECT_TIMED_OUT = "The server did not answer within 10 seconds.";

/** Close reasons after which the stored login token is useless. */
export const AUTH_FAILURE_REASONS = [
  "Invalid token",
  "Token expired",
  "Player not found",
  "Account banned",
] as const;

/**
 * Our addition: the server refused this socket because the player has too many tabs open
 * (close code 4008). Retrying on a timer would only be refused again; the client waits until
 * the tab is shown or focused again (the player may have closed another tab meanwhile).
 */
export const TOO_MANY_TABS = "Too many open tabs";

/**
 * Our addition: with several server processes, the player was opened on another one (another
 * device or tab), which took them over. Reconnecting on a timer would take them back and the
 * two would pass the player back and forth; the client waits until this tab is used again.
 */
export const PLAYING_ELSEWHERE = "Playing in another window";

/** Close reasons after which the client waits for the tab to be shown or focused again. */
const WAIT_FOR_FOCUS_REASONS: readonly string[] = [TOO_MANY_TABS, PLAYING_ELSEWHERE];

export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_SERVICE_RESTART = 1012;

export function isAuthFailure(reason: string): boolean {
  return (AUTH_FAILURE_REASONS as readonly string[]).includes(reason);
}

/**
 * No automatic reconnect after a deliberate close, 1001 (the page is going away), a refusal
 * for too many tabs or a take-over by another window; otherwise yes.
 */
export function shouldReconnect(code: number, deliberate: boolean, reason = ""): boolean {
  return !deliberate && code !== CLOSE_GOING_AWAY && !WAIT_FOR_FOCUS_REASONS.includes(reason);
}

/**
 * Delay before the next attempt: 500 ms, growing by 500 ms per failure;
 * a server restart (1012) adds up to 3 s of random jitter so clients do not stampede.
 */
export function reconnectDelay(
  failures: number,
  code: number,
  random: () => number = Math.random,
): number {
  const base = RECONNECT_BASE_MS + RECONNECT_STEP_MS * Math.max(0, failures);
  return code === CLOSE_SERVICE_RESTART ? base + Math.floor(random() * RESTART_JITTER_MS) : base;
}
