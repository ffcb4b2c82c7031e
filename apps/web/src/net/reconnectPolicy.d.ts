/** Spec 000 sections 4 and 9: how the client reacts when its socket closes. */
export declare const HEARTBEAT_MS = 25000;
export declare const RECONNECT_BASE_MS = 500;
export declare const RECONNECT_STEP_MS = 500;
export declare const RESTART_JITTER_MS = 3000;
/**
 * Our addition: a socket that has not opened after this long is given up and retried with
 * the same backoff, and the overlay says so (a socket that never opens would otherwise leave
 * "Connecting…" on screen for ever).
 */
export declare const CONNECT_TIMEOUT_MS = 10000;
export declare const CONNECT_TIMED_OUT = "The server did not answer within 10 seconds.";
/** Close reasons after which the stored login token is useless. */
export declare const AUTH_FAILURE_REASONS: readonly [
  "Invalid token",
  "Token expired",
  "Player not found",
  "Account banned",
];
/**
 * Our addition: the server refused this socket because the player has too many tabs open
 * (close code 4008). Retrying on a timer would only be refused again; the client waits until
 * the tab is shown or focused again (the player may have closed another tab meanwhile).
 */
export declare const TOO_MANY_TABS = "Too many open tabs";
/**
 * Our addition: with several server processes, the player was opened on another one (another
 * device or tab), which took them over. Reconnecting on a timer would take them back and the
 * two would pass the player back and forth; the client waits until this tab is used again.
 */
export declare const PLAYING_ELSEWHERE = "Playing in another window";
export declare const CLOSE_GOING_AWAY = 1001;
export declare const CLOSE_SERVICE_RESTART = 1012;
export declare function isAuthFailure(reason: string): boolean;
/**
 * No automatic reconnect after a deliberate close, 1001 (the page is going away), a refusal
 * for too many tabs or a take-over by another window; otherwise yes.
 */
export declare function shouldReconnect(
  code: number,
  deliberate: boolean,
  reason?: string,
): boolean;
/**
 * Delay before the next attempt: 500 ms, growing by 500 ms per failure;
 * a server restart (1012) adds up to 3 s of random jitter so clients do not stampede.
 */
export declare function reconnectDelay(
  failures: number,
  code: number,
  random?: () => number,
): number;
