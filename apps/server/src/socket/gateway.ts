import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  CLIENT_BUILD,
  type ClientMessage,
  clientProtocol,
  ProtocolError,
  serverProtocol,
} from "@manaspire/protocol";
import type { FastifyBaseLogger } from "fastify";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { ACCOUNT_BANNED, PLAYER_NOT_FOUND, type TokenService } from "../auth/tokens";
import { clientAddress, type TrustFunction } from "../http/trusted-proxy";
import { OwnedElsewhereError, type PlayerStore } from "../world/player-store";
import { CLOSE_AUTH, CLOSE_POLICY, Connection } from "./connection";
import { CONTROL_CHARACTER_REFUSAL, hasControlCharacter } from "./control-chars";
import { EarlyFrames } from "./early-frames";
import {
  AUTH_TIMEOUT,
  AUTH_TIMEOUT_MS,
  AUTHENTICATE_FIRST,
  CLOSE_GRACE_MS,
  CLOSE_POLICY_VIOLATION,
  MALFORMED_LIMIT,
  PING_INTERVAL_MS,
  PING_ROUNDS,
  RATE_LIMIT_PER_SECOND,
  TOO_MANY_TABS,
  WSS_OPTIONS,
} from "./gateway-limits";
import { GameError, type Handler, type Handlers } from "./handlers";
import { originOf, shut, toBytes, tokenOf } from "./raw-frames";
import type { Sessions } from "./sessions";
import type { SharedAddressCounts } from "./shared-addresses";
import { loadTakingOver } from "./take-over";
import { countIn } from "./traffic";
import { AddressCounts, refuseUpgrade, upgradeTarget } from "./upgrade";

interface GatewayDeps {
  tokens: TokenService;
  store: PlayerStore;
  sessions: Sessions;
  handlers: Handlers;
  log: FastifyBaseLogger;
  /** MAX_SOCKETS_PER_PLAYER: one more socket of the player is refused with 4008. */
  maxSocketsPerPlayer: number;
  /**
   * Several processes: asks the process that owns the player to let it go (true once it did).
   * Without it, a player owned elsewhere is refused and the client retries.
   */
  takeOver?: (playerId: number, ownerId: number) => Promise<boolean>;
  /** MAX_SOCKETS_PER_IP: one more upgrade from the address is refused with HTTP 429. */
  maxSocketsPerIp: number;
  /** TRUST_PROXY: the client address is the left-most X-Forwarded-For entry. */
  /** The other processes' sockets per address (REDIS_URL); unset, this process's only. */
  sharedAddresses?: SharedAddressCounts;
  /** Which hops of X-Forwarded-For are trusted proxies (TRUST_PROXY). */
  trustProxy: TrustFunction;
  /** AUTH_TIMEOUT_MS: a socket that sends no `authenticate` within this long is closed. */
  authTimeoutMs?: number;
}

const NO_DATA = Buffer.alloc(0);

// ws takes closeTimeout, but @types/ws does not declare it yet: hence the widened type.
/**
 * The WebSocket endpoint at /ws: authenticates with the token of the socket's first message
 * (`authenticate`), decodes, rate-limits and dispatches, and renews the login token while the
 * player stays connected.
 */
export class Gateway {
  private readonly wss = new WebSocketServer(WSS_OPTIONS);
  private readonly alive = new WeakSet<WebSocket>();
  /** Each socket's ping round, given in turn as sockets open. */
  private readonly roundOf = new WeakMap<WebSocket, number>();
  private round = 0;
  private nextRound = 0;
  private readonly addresses: AddressCounts;
  private pinger: NodeJS.Timeout | undefined;
  private accepting = true;

  constructor(private readonly deps: GatewayDeps) {
    this.addresses = new AddressCounts(deps.maxSocketsPerIp);
  }

  attach(server: Server): void {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node stops listening for errors on a socket it hands over; an unheard error (a reset
      // while we answer) would end the process.
      socket.on("error", (err) => this.deps.log.debug({ err }, "upgrade socket error"));
      try {
        this.onUpgrade(req, socket, head);
      } catch (err) {
        // Nothing a request carries may end the process.
        this.deps.log.warn({ err }, "upgrade failed");
        refuseUpgrade(socket, 500);
      }
    });
    this.pinger = setInterval(() => this.pingRound(), PING_INTERVAL_MS / PING_ROUNDS);
    this.pinger.unref();
  }

  /**
   * Stops accepting sockets and closes the open ones with the given code; resolves once all
   * are closed, cutting those that have not answered within `graceMs`.
   */
  closeAll(code: number, reason: string, graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.accepting = false;
    if (this.pinger) clearInterval(this.pinger);
    const open = new Set(this.wss.clients);
    for (const ws of open) ws.close(code, reason);
    for (const ws of open) if (ws.readyState === ws.CLOSED) open.delete(ws);
    if (open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        for (const ws of open) ws.terminate();
        resolve();
      }, graceMs);
      for (const ws of open) {
        ws.once("close", () => {
          open.delete(ws);
          if (open.size > 0) return;
          clearTimeout(timer);
          resolve();
        });
      }
    });
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = upgradeTarget(req.url);
    const ip = clientAddress(req, this.deps.trustProxy);
    if (!this.accepting || !target.ok || this.addresses.full(ip)) {
      refuseUpgrade(socket, !this.accepting ? 503 : !target.ok ? target.status : 429);
      return;
    }
    const shared = this.deps.sharedAddresses;
    if (!shared) {
      this.upgrade(req, socket, head, ip);
      return;
    }
    // With several processes the cap counts the others' sockets of this address too.
    shared
      .others(ip)
      .then((others) => {
        if (socket.destroyed) return;
        if (!this.accepting || this.addresses.count(ip) + others >= this.deps.maxSocketsPerIp) {
          refuseUpgrade(socket, !this.accepting ? 503 : 429);
          return;
        }
        this.upgrade(req, socket, head, ip);
      })
      .catch((err) => {
        this.deps.log.warn({ err }, "upgrade failed");
        refuseUpgrade(socket, 500);
      });
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, ip: string): void {
    const shared = this.deps.sharedAddresses;
    // handleUpgrade answers bad handshakes (400) itself and calls back synchronously.
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.addresses.add(ip);
      shared?.publish(ip, this.addresses.count(ip));
      ws.once("close", () => {
        this.addresses.remove(ip);
        shared?.publish(ip, this.addresses.count(ip));
      });
      try {
        this.onSocket(ws, originOf(req));
      } catch (err) {
        this.deps.log.error({ err }, "socket setup failed");
        ws.terminate();
      }
    });
  }

  /**
   * Pings the sockets of this round; one that has not answered its previous ping (one
   * interval ago) is cut.
   */
  private pingRound(): void {
    const round = this.round;
    this.round = (this.round + 1) % PING_ROUNDS;
    for (const ws of this.wss.clients) {
      if (this.roundOf.get(ws) !== round) continue;
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }

  private onSocket(ws: WebSocket, origin: string): void {
    this.alive.add(ws);
    this.roundOf.set(ws, this.nextRound);
    this.nextRound = (this.nextRound + 1) % PING_ROUNDS;
    ws.on("pong", () => this.alive.add(ws));
    ws.on("error", (err) => this.deps.log.debug({ err }, "socket error"));
    // The first frame must be `authenticate` (the token never travels in the address). Frames
    // that arrive after it while the player loads are kept (a bounded few) and handled in
    // order afterwards; a socket that sends more before it is let in is cut.
    const early = new EarlyFrames();
    let conn: Connection | undefined;
    let started = false;
    const timeout = setTimeout(() => {
      if (!started) shut(ws, CLOSE_POLICY_VIOLATION, AUTH_TIMEOUT);
    }, this.deps.authTimeoutMs ?? AUTH_TIMEOUT_MS);
    timeout.unref();
    ws.on("message", (data, isBinary) => {
      if (!isBinary) data = NO_DATA;
      if (conn) this.onFrame(conn, data);
      else if (!started) {
        started = true;
        clearTimeout(timeout);
        const token = tokenOf(data);
        if (token === undefined) {
          // An older client (build 79 sent the token in the address): it learns the build and
          // shows the reload prompt instead of retrying for ever.
          ws.send(serverProtocol.encode("versionCheck", { build: CLIENT_BUILD }));
          return shut(ws, CLOSE_POLICY_VIOLATION, AUTHENTICATE_FIRST);
        }
        this.letIn(ws, token, early, origin).then(
          (c) => {
            conn = c;
          },
          (err) => {
            this.deps.log.error({ err }, "socket setup failed");
            ws.terminate();
          },
        );
      } else if (!early.push(data)) {
        this.deps.log.debug("too much sent before authentication");
        ws.terminate();
      }
    });
    ws.on("close", () => {
      clearTimeout(timeout);
      if (conn) this.deps.sessions.remove(conn);
    });
  }

  /** Authenticates the socket's token; the connection once let in (undefined if refused). */
  private letIn(
    ws: WebSocket,
    token: string,
    early: EarlyFrames,
    origin: string,
  ): Promise<Connection | undefined> {
    return this.authenticate(token).then(
      (result) => {
        if (ws.readyState !== ws.OPEN) return undefined;
        if (typeof result === "string") return void shut(ws, CLOSE_AUTH, result);
        if (this.deps.sessions.count(result.playerId) >= this.deps.maxSocketsPerPlayer) {
          return void shut(ws, CLOSE_POLICY, TOO_MANY_TABS);
        }
        const conn = new Connection(ws, result.playerId);
        conn.origin = origin;
        conn.accountId = result.accountId;
        conn.tokenIssuedAt = result.issuedAt;
        this.deps.sessions.add(conn);
        conn.send("versionCheck", { build: CLIENT_BUILD });
        this.renewTokenIfDue(conn);
        // Bounded already (EARLY_FRAME_LIMIT): not counted against the rate, or a page that
        // waited for a slow let-in would lose the requests past the first second's 20.
        for (const data of early.take()) this.onFrame(conn, data, false);
        return conn;
      },
      (err) => {
        // Several processes: another one holds the player; the client retries with backoff.
        if (err instanceof OwnedElsewhereError) {
          shut(ws, 1013, "Playing on another server");
          return undefined;
        }
        this.deps.log.error({ err }, "socket authentication failed");
        shut(ws, 1011, "Server error");
        return undefined;
      },
    );
  }

  /**
   * Sliding renewal: a connected player whose token is due (TokenService.renewalDue) gets a
   * fresh one as `loginToken`, checked when it connects and at each heartbeat.
   */
  private renewTokenIfDue(conn: Connection): void {
    if (conn.renewing || !this.deps.tokens.renewalDue(conn.tokenIssuedAt)) return;
    conn.renewing = true;
    this.deps.tokens
      .issue({ accountId: conn.accountId, playerId: conn.playerId })
      .then((token) => {
        conn.tokenIssuedAt = Math.floor(Date.now() / 1000);
        conn.send("loginToken", { token });
      })
      .catch((err) => this.deps.log.warn({ err }, "token renewal failed"))
      .finally(() => {
        conn.renewing = false;
      });
  }

  /** The player, taken over from the process that holds it if need be. */
  private loadPlayer(id: number) {
    return loadTakingOver(id, (playerId) => this.deps.store.get(playerId), this.deps.takeOver);
  }

  /** Who the token signs in, or the close reason. */
  private async authenticate(
    token: string,
  ): Promise<{ playerId: number; accountId: number; issuedAt: number } | string> {
    const verified = await this.deps.tokens.verify(token);
    if (!verified.ok) return verified.reason;
    const player = await this.loadPlayer(verified.claims.playerId);
    if (!player || player.accountId !== verified.claims.accountId) return PLAYER_NOT_FOUND;
    if (player.banned) return ACCOUNT_BANNED;
    return { playerId: player.id, accountId: player.accountId, issuedAt: verified.issuedAt };
  }

  private onFrame(conn: Connection, data: RawData, counted = true): void {
    const now = Date.now();
    conn.lastSeen = now;
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.windowCount = 0;
    }
    if (counted) conn.windowCount++;
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
      // Anything else thrown while decoding is a bug, but still the sender's frame's fault:
      // rethrowing it from a socket listener would end the process.
      if (!(err instanceof ProtocolError)) this.deps.log.warn({ err }, "frame decoding failed");
      conn.malformed++;
      this.deps.log.debug({ err: String(err), player: conn.playerId }, "malformed frame");
      if (conn.malformed > MALFORMED_LIMIT) {
        conn.close(CLOSE_POLICY, "Too many malformed messages");
      } else {
        conn.toast("The server could not read a message from your client; please reload.");
      }
      return;
    }
    // Control characters in any string are refused here, at the boundary, for every message.
    if (hasControlCharacter(message.data)) {
      conn.toast(CONTROL_CHARACTER_REFUSAL);
      return;
    }
    // A heartbeat is answered at once, not behind a handler that waits on the database, so a
    // slow action does not look like a dead connection.
    if (message.type === "heartbeat") {
      conn.send("pong", { serverTime: now });
      this.renewTokenIfDue(conn);
      return;
    }
    if (message.type === "authenticate") {
      conn.toast("This connection is already signed in.");
      return;
    }
    // One connection's messages are handled in the order they were sent, each after the last
    // has finished: a client may send "transfer the item, then the iron" and rely on it.
    conn.inbox = conn.inbox.then(() => this.dispatch(conn, message));
  }

  private async dispatch(conn: Connection, message: ClientMessage): Promise<void> {
    countIn(message.type);
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
