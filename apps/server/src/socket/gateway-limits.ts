import type { ServerOptions } from "ws";
import { MAX_CLIENT_FRAME_BYTES } from "./frame-limit";

/** What one socket may do, and the gateway's timings and close reasons. */

/** Messages one socket may send per second before the excess is dropped. */
export const RATE_LIMIT_PER_SECOND = 20;
/** Malformed frames one socket may send before it is closed. */
export const MALFORMED_LIMIT = 20;
/** Largest frame accepted from a client: its largest legal message (see frame-limit.ts). */
export const MAX_FRAME_BYTES = MAX_CLIENT_FRAME_BYTES;
/** Server ping interval; a socket that misses two pongs is dropped. */
export const PING_INTERVAL_MS = 25_000;
/**
 * The sockets are pinged in this many rounds spread over the interval, each socket in its
 * own round, so 20,000 sockets are never pinged at once (that held the loop for 0.5 s).
 */
export const PING_ROUNDS = 100;
/** How long a closed socket may take to answer the close frame before it is cut. */
export const CLOSE_GRACE_MS = 2000;
/** Close reason when a player already has MAX_SOCKETS_PER_PLAYER sockets open. */
export const TOO_MANY_TABS = "Too many open tabs";
/** A socket must send `authenticate` within this long after opening, or it is closed. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Close code and reasons for a socket that did not authenticate first (or in time). */
export const CLOSE_POLICY_VIOLATION = 1008;
export const AUTHENTICATE_FIRST = "Authenticate first";
export const AUTH_TIMEOUT = "Authentication timeout";

/** The WebSocket server's own options: no server of its own (the HTTP one upgrades). */
export const WSS_OPTIONS: ServerOptions & { closeTimeout: number } = {
  noServer: true,
  maxPayload: MAX_FRAME_BYTES,
  // A peer that never answers a close frame is cut after this instead of ws's 30 s.
  closeTimeout: CLOSE_GRACE_MS,
};
