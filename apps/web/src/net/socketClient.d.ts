import {
  type ClientMessageName,
  type ClientPayload,
  type ServerMessage,
} from "@manaspire/protocol";
export type ConnectionStatus = "idle" | "connecting" | "connected" | "disconnected";
export interface StatusDetail {
  reason: string;
  reconnecting: boolean;
  /** When the next automatic attempt starts (Date.now() clock); 0 when none is planned. */
  retryAt: number;
}
export interface SocketEvents {
  onStatus(status: ConnectionStatus, detail: StatusDetail): void;
  /** The socket opened: the client should reset and hydrate. */
  onOpen(): void;
  onMessage(message: ServerMessage): void;
  /** The server refused the token: clear it and go to the sign-in screen. */
  onAuthFailure(reason: string): void;
}
/**
 * The one socket to the server (spec 000 section 4 "Connection"). The login token travels in
 * the socket's first message (`authenticate`), never in its address, where it would land in
 * proxies' access logs.
 */
export declare class SocketClient {
  private readonly url;
  private readonly token;
  private readonly events;
  /** A socket that has not opened by then is given up (and retried with the backoff). */
  private readonly connectTimeoutMs;
  private ws;
  private failures;
  private deliberate;
  private retryTimer;
  private heartbeat;
  private connectTimer;
  private status;
  constructor(
    url: () => string,
    token: () => string | null,
    events: SocketEvents,
    /** A socket that has not opened by then is given up (and retried with the backoff). */
    connectTimeoutMs?: number,
  );
  get connected(): boolean;
  connect(): void;
  private closed;
  /**
   * The player's "Retry now": a new attempt at once, without waiting for the backoff (which
   * goes on growing if this one fails too). A socket still trying to open is dropped.
   */
  retryNow(): void;
  /** Reconnect at once if the socket is down and may reconnect (tab visible, focus, online). */
  wake(): void;
  /** Deliberate close: no reconnect. */
  close(): void;
  send<K extends ClientMessageName>(type: K, data: ClientPayload<K>): boolean;
  private setStatus;
}
