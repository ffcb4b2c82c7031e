import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  CLIENT_BUILD,
  type ClientMessage,
  clientProtocol,
  ProtocolError,
} from "@manaspire/protocol";
import type { FastifyBaseLogger } from "fastify";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { PLAYER_NOT_FOUND, type TokenService } from "../auth/tokens";
import type { PlayerStore } from "../world/player-store";
import { CLOSE_AUTH, CLOSE_POLICY, Connection } from "./connection";
import { GameError, type Handler, type Handlers } from "./handlers";
import type { Sessions } from "./sessions";

/** Messages one socket may send per second before the excess is dropped. */
export const RATE_LIMIT_PER_SECOND = 20;
/** Malformed frames one socket may send before it is closed. */
export const MALFORMED_LIMIT = 20;
/** Largest frame accepted from a client. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Server ping interval; a socket that misses two pongs is dropped. */
export const PING_INTERVAL_MS = 25_000;

interface GatewayDeps {
  tokens: TokenService;
  store: PlayerStore;
  sessions: Sessions;
  handlers: Handlers;
  log: FastifyBaseLogger;
}

/** The WebSocket endpoint at /ws?token=…: authenticates, decodes, rate-limits and dispatches. */
export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly alive = new WeakSet<WebSocket>();
  private pinger: NodeJS.Timeout | undefined;
  private accepting = true;

  constructor(private readonly deps: GatewayDeps) {}

  attach(server: Server): void {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== "/ws" || !this.accepting) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.onSocket(ws, url.searchParams.get("token") ?? "");
      });
    });
    this.pinger = setInterval(() => this.pingAll(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** Stops accepting sockets and closes the open ones with the given code. */
  closeAll(code: number, reason: string): void {
    this.accepting = false;
    if (this.pinger) clearInterval(this.pinger);
    for (const ws of this.wss.clients) ws.close(code, reason);
  }

  private pingAll(): void {
    for (const ws of this.wss.clients) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }

  private onSocket(ws: WebSocket, token: string): void {
    this.alive.add(ws);
    ws.on("pong", () => this.alive.add(ws));
    ws.on("error", (err) => this.deps.log.debug({ err }, "socket error"));
    // Frames that arrive while the player loads are kept and handled in order afterwards.
    const early: RawData[] = [];
    let conn: Connection | undefined;
    ws.on("message", (data, isBinary) => {
      if (!isBinary) data = Buffer.alloc(0);
      if (conn) this.onFrame(conn, data);
      else early.push(data);
    });
    ws.on("close", () => {
      if (conn) this.deps.sessions.remove(conn);
    });
    this.authenticate(token).then(
      (result) => {
        if (ws.readyState !== ws.OPEN) return;
        if (typeof result === "string") {
          ws.close(CLOSE_AUTH, result);
          return;
        }
        conn = new Connection(ws, result);
        this.deps.sessions.add(conn);
        conn.send("versionCheck", { build: CLIENT_BUILD });
        for (const data of early.splice(0)) this.onFrame(conn, data);
      },
      (err) => {
        this.deps.log.error({ err }, "socket authentication failed");
        ws.close(1011, "Server error");
      },
    );
  }

  /** The player id, or the close reason. */
  private async authenticate(token: string): Promise<number | string> {
    const verified = await this.deps.tokens.verify(token);
    if (!verified.ok) return verified.reason;
    const player = await this.deps.store.get(verified.claims.playerId);
    if (!player || player.accountId !== verified.claims.accountId) return PLAYER_NOT_FOUND;
    return player.id;
  }

  private onFrame(conn: Connection, data: RawData): void {
    const now = Date.now();
    conn.lastSeen = now;
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.windowCount = 0;
    }
    conn.windowCount++;
    if (conn.windowCount > RATE_LIMIT_PER_SECOND) {
      if (conn.windowCount === RATE_LIMIT_PER_SECOND + 1) {
        conn.toast("You are sending too fast; some actions were ignored.");
      }
      return;
    }
    let message: ClientMessage;
    try {
      message = clientProtocol.decode(toBytes(data));
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      conn.malformed++;
      this.deps.log.debug({ err: err.message, player: conn.playerId }, "malformed frame");
      if (conn.malformed > MALFORMED_LIMIT) {
        conn.close(CLOSE_POLICY, "Too many malformed messages");
      } else {
        conn.toast("The server could not read a message from your client; please reload.");
      }
      return;
    }
    // One connection's messages are handled in the order they were sent, each after the last
    // has finished: a client may send "transfer the item, then the iron" and rely on it.
    conn.inbox = conn.inbox.then(() => this.dispatch(conn, message));
  }

  private async dispatch(conn: Connection, message: ClientMessage): Promise<void> {
    const handler = this.deps.handlers[message.type] as Handler<typeof message.type> | undefined;
    if (!handler) {
      conn.toast("That is not available on this server yet.");
      return;
    }
    try {
      const player = await this.deps.store.get(conn.playerId);
      if (!player) {
        conn.close(CLOSE_AUTH, PLAYER_NOT_FOUND);
        return;
      }
      // biome-ignore lint/suspicious/noExplicitAny: the message's own payload type
      await handler({ conn, player }, message.data as any);
    } catch (err) {
      if (err instanceof GameError) {
        conn.toast(err.message);
        return;
      }
      this.deps.log.error({ err, type: message.type }, "handler failed");
      conn.toast("Something went wrong; nothing was changed.");
    }
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}
