import {
  type ClientMessageName,
  type ClientPayload,
  clientProtocol,
  ProtocolError,
  type ServerMessage,
  serverProtocol,
} from "@manaspire/protocol";
import {
  CONNECT_TIMED_OUT,
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  isAuthFailure,
  reconnectDelay,
  shouldReconnect,
} from "./reconnectPolicy";

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
export class SocketClient {
  private ws: WebSocket | undefined;
  private failures = 0;
  private deliberate = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private status: ConnectionStatus = "idle";

  constructor(
    private readonly url: () => string,
    private readonly token: () => string | null,
    private readonly events: SocketEvents,
    /** A socket that has not opened by then is given up (and retried with the backoff). */
    private readonly connectTimeoutMs = CONNECT_TIMEOUT_MS,
  ) {}

  get connected(): boolean {
    return this.status === "connected";
  }

  connect(): void {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    this.deliberate = false;
    this.setStatus("connecting", "", false);
    const ws = new WebSocket(this.url());
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      if (this.ws !== ws || ws.readyState !== WebSocket.CONNECTING) return;
      // Never opened (a server or proxy that accepts and then says nothing): give up on it.
      ws.onclose = null;
      ws.close();
      this.closed(ws, 1006, CONNECT_TIMED_OUT);
    }, this.connectTimeoutMs);
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      ws.send(clientProtocol.encode("authenticate", { token: this.token() ?? "" }));
      this.failures = 0;
      this.setStatus("connected", "", false);
      this.heartbeat = setInterval(() => this.send("heartbeat", {}), HEARTBEAT_MS);
      this.events.onOpen();
    };
    ws.onmessage = (event) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      let message: ServerMessage;
      try {
        message = serverProtocol.decode(new Uint8Array(event.data));
      } catch (err) {
        if (err instanceof ProtocolError) {
          console.warn(`Ignoring a server message: ${err.message}`);
          return;
        }
        throw err;
      }
      this.events.onMessage(message);
    };
    ws.onclose = (event) => this.closed(ws, event.code, event.reason);
  }

  private closed(ws: WebSocket, code: number, reason: string): void {
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeat);
    if (this.ws !== ws) return;
    this.ws = undefined;
    if (isAuthFailure(reason)) {
      this.setStatus("disconnected", reason, false);
      this.events.onAuthFailure(reason);
      return;
    }
    const again = shouldReconnect(code, this.deliberate, reason);
    if (!again) {
      this.setStatus("disconnected", reason || "Connection lost", false);
      return;
    }
    const delay = reconnectDelay(this.failures, code);
    this.failures++;
    this.setStatus("disconnected", reason || "Connection lost", true, Date.now() + delay);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * The player's "Retry now": a new attempt at once, without waiting for the backoff (which
   * goes on growing if this one fails too). A socket still trying to open is dropped.
   */
  retryNow(): void {
    if (this.deliberate || this.status === "connected" || this.status === "idle") return;
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.CONNECTING) {
      ws.onclose = null;
      ws.close();
      this.ws = undefined;
    }
    this.connect();
  }

  /** Reconnect at once if the socket is down and may reconnect (tab visible, focus, online). */
  wake(): void {
    if (this.deliberate || this.status === "connected" || this.status === "connecting") return;
    if (this.status === "idle") return;
    this.connect();
  }

  /** Deliberate close: no reconnect. */
  close(): void {
    this.deliberate = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeat);
    const ws = this.ws;
    this.ws = undefined;
    ws?.close(1000, "Closed by the client");
    this.setStatus("idle", "", false);
  }

  send<K extends ClientMessageName>(type: K, data: ClientPayload<K>): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(clientProtocol.encode(type, data));
    return true;
  }

  private setStatus(
    status: ConnectionStatus,
    reason: string,
    reconnecting: boolean,
    retryAt = 0,
  ): void {
    this.status = status;
    this.events.onStatus(status, { reason, reconnecting, retryAt });
  }
}
