import { type ServerMessageName, type ServerPayload, serverProtocol } from "@manaspire/protocol";
import type { WebSocket } from "ws";
import { countOut } from "./traffic";

/** Bytes a client may leave unread before it is cut off instead of growing server memory. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Close codes: 1012 restart (clients reconnect with jitter), 4001 authentication, 4008 abuse. */
export const CLOSE_RESTART = 1012;
export const CLOSE_AUTH = 4001;
export const CLOSE_POLICY = 4008;

/** The TCP socket under a ws socket (ws keeps it as `_socket`; absent once it is gone). */
function transport(ws: WebSocket): { cork(): void; uncork(): void } | undefined {
  return (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket ?? undefined;
}

/** Connections corked until the end of this turn of the event loop (`corkForTurn`). */
let corkedThisTurn: Connection[] = [];

function uncorkTurn(): void {
  const list = corkedThisTurn;
  corkedThisTurn = [];
  for (const conn of list) conn.endTurn();
}

/** One open socket of a signed-in player. */
export class Connection {
  /** Messages received in the current rate window. */
  windowCount = 0;
  windowStart = 0;
  malformed = 0;
  lastSeen = Date.now();
  /** The handling of this connection's messages, chained so they run one at a time in order. */
  inbox: Promise<void> = Promise.resolve();
  /** The account the socket signed in as, and when its login token was issued (unix s). */
  accountId = 0;
  tokenIssuedAt = 0;
  /** A renewed token is being signed (token-renewal.ts). */
  renewing = false;
  /** The page's origin from the upgrade request ("" unknown): the checkout's way back. */
  origin = "";
  /** Corked until the end of this turn of the event loop (`corkForTurn`). */
  turnCorked = false;
  /** Corks held by callers (`cork`, `uncork`): a tick's batch, which uncorks it itself. */
  private corks = 0;

  constructor(
    readonly socket: WebSocket,
    readonly playerId: number,
  ) {}

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send<K extends ServerMessageName>(type: K, data: ServerPayload<K>): void {
    countOut(type);
    this.sendFrame(serverProtocol.encode(type, data));
  }

  /** Sends an encoded frame; a client too slow to read is disconnected. */
  sendFrame(frame: Uint8Array): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount + frame.byteLength > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    if (this.corks === 0) this.corkForTurn();
    this.socket.send(frame, { binary: true });
  }

  /**
   * The frames sent to this socket in one turn of the event loop leave together, at its end,
   * in one system call: a hydrate's dozen messages, answers sent between two awaits. On a
   * survivor taking thousands of sockets of a dead process, one write per frame was a fifth
   * of its CPU (docs/core/processes.md). Not when a caller corked it (a tick's batch): its
   * frames leave when that batch ends, not at the end of a turn that may tick many players.
   */
  private corkForTurn(): void {
    if (this.turnCorked) return;
    this.turnCorked = true;
    if (corkedThisTurn.length === 0) setImmediate(uncorkTurn);
    corkedThisTurn.push(this);
    transport(this.socket)?.cork();
  }

  /** Uncorks the socket at the end of the turn it was corked in. */
  endTurn(): void {
    this.turnCorked = false;
    transport(this.socket)?.uncork();
  }

  /**
   * Holds this socket's writes until `uncork`, so the frames sent meanwhile leave in one
   * system call (ws corks each frame's header and payload the same way; corks nest).
   */
  cork(): void {
    this.corks++;
    transport(this.socket)?.cork();
  }

  uncork(): void {
    this.corks--;
    transport(this.socket)?.uncork();
  }

  toast(text: string): void {
    this.send("toast", { text });
  }

  close(code: number, reason: string): void {
    if (
      this.socket.readyState === this.socket.OPEN ||
      this.socket.readyState === this.socket.CONNECTING
    ) {
      this.socket.close(code, reason);
    }
  }
}
