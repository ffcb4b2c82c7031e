import {
  type ClientMessageName,
  type ClientPayload,
  clientProtocol,
  ProtocolError,
  type ServerMessage,
  serverProtocol,
} from "@manaspire/protocol";
import { HEARTBEAT_MS, isAuthFailure, reconnectDelay, shouldReconnect } from "./reconnectPolicy";

export type ConnectionStatus = "idle" | "connecting" | "connected" | "disconnected";

export interface SocketEvents {
  onStatus(status: ConnectionStatus, detail: { reason: string; reconnecting: boolean }): void;
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
  private status: ConnectionStatus = "idle";

  constructor(
    private readonly url: () => string,
    private readonly token: () => string | null,
    private readonly events: SocketEvents,
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
    ws.onopen = () => {
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
    ws.onclose = (event) => {
      clearInterval(this.heartbeat);
      if (this.ws !== ws) return;
      this.ws = undefined;
      if (isAuthFailure(event.reason)) {
        this.setStatus("disconnected", event.reason, false);
        this.events.onAuthFailure(event.reason);
        return;
      }
      const again = shouldReconnect(event.code, this.deliberate, event.reason);
      this.setStatus("disconnected", event.reason || "Connection lost", again);
      if (!again) return;
      const delay = reconnectDelay(this.failures, event.code);
      this.failures++;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
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

  private setStatus(status: ConnectionStatus, reason: string, reconnecting: boolean): void {
    this.status = status;
    this.events.onStatus(status, { reason, reconnecting });
  }
}
