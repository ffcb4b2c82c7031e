import type { ServerMessageName, ServerPayload } from "@manaspire/protocol";
import { serverProtocol } from "@manaspire/protocol";
import type { Connection } from "./connection";
import { countOut } from "./traffic";

/** A sliced broadcast holds the event loop for about this long at a time. */
export const SEND_SLICE_MS = 8;

/** Called when a player's first socket opens (online) or their last one closes (offline). */
export type PresenceListener = (playerId: number, online: boolean) => void;

/** Which sockets belong to which player; a player may have several tabs open. */
export class Sessions {
  private readonly byPlayer = new Map<number, Set<Connection>>();
  private readonly presenceListeners: PresenceListener[] = [];

  add(conn: Connection): void {
    let set = this.byPlayer.get(conn.playerId);
    if (!set) {
      set = new Set();
      this.byPlayer.set(conn.playerId, set);
      set.add(conn);
      this.emitPresence(conn.playerId, true);
      return;
    }
    set.add(conn);
  }

  remove(conn: Connection): void {
    const set = this.byPlayer.get(conn.playerId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) {
      this.byPlayer.delete(conn.playerId);
      this.emitPresence(conn.playerId, false);
    }
  }

  /** Listens for players coming online and going offline. */
  onPresence(listener: PresenceListener): void {
    this.presenceListeners.push(listener);
  }

  private emitPresence(playerId: number, online: boolean): void {
    for (const listener of this.presenceListeners) listener(playerId, online);
  }

  has(playerId: number): boolean {
    return this.byPlayer.has(playerId);
  }

  /** Number of open sockets of the player. */
  count(playerId: number): number {
    return this.byPlayer.get(playerId)?.size ?? 0;
  }

  /** Number of open sockets of every player. */
  get sockets(): number {
    let n = 0;
    for (const set of this.byPlayer.values()) n += set.size;
    return n;
  }

  /** Number of players with at least one socket. */
  get onlinePlayers(): number {
    return this.byPlayer.size;
  }

  /** Encodes once and sends to every socket of the player. */
  send<K extends ServerMessageName>(playerId: number, type: K, data: ServerPayload<K>): void {
    const set = this.byPlayer.get(playerId);
    if (!set) return;
    countOut(type, set.size);
    const frame = serverProtocol.encode(type, data);
    for (const conn of set) conn.sendFrame(frame);
  }

  /** Sends an already encoded frame to every socket of the player (counted as `type`). */
  sendFrame(playerId: number, frame: Uint8Array, type?: ServerMessageName): void {
    const set = this.byPlayer.get(playerId);
    if (!set) return;
    if (type) countOut(type, set.size);
    for (const conn of set) conn.sendFrame(frame);
  }

  /**
   * Runs `fn` with the player's sockets corked: the frames it sends each socket leave in one
   * write (a tick's battleTick, playerUpdate, loot and counts: one system call, not four).
   */
  batch(playerId: number, fn: () => void): void {
    const set = this.byPlayer.get(playerId);
    if (!set) {
      fn();
      return;
    }
    const conns = [...set];
    for (const conn of conns) conn.cork();
    try {
      fn();
    } finally {
      for (const conn of conns) conn.uncork();
    }
  }

  /** Encodes once and sends to every connected player. */
  broadcast<K extends ServerMessageName>(type: K, data: ServerPayload<K>): void {
    if (this.byPlayer.size === 0) return;
    countOut(type, this.sockets);
    const frame = serverProtocol.encode(type, data);
    for (const set of this.byPlayer.values()) for (const conn of set) conn.sendFrame(frame);
  }

  /**
   * Encodes once and sends to every connected player but those in `skip`, a few thousand
   * sockets at a time with the event loop free between (20,000 sends at once would hold it
   * for about a quarter of a second). Players who connect meanwhile are not included.
   */
  broadcastSliced<K extends ServerMessageName>(
    type: K,
    data: ServerPayload<K>,
    skip?: ReadonlySet<number>,
  ): void {
    const ids = [...this.byPlayer.keys()].filter((id) => !skip?.has(id));
    if (ids.length === 0) return;
    const frame = serverProtocol.encode(type, data);
    let index = 0;
    const step = () => {
      const started = performance.now();
      while (index < ids.length) {
        const set = this.byPlayer.get(ids[index++] as number);
        if (set) {
          countOut(type, set.size);
          for (const conn of set) conn.sendFrame(frame);
        }
        if (index % 64 === 0 && performance.now() - started >= SEND_SLICE_MS) break;
      }
      if (index < ids.length) setImmediate(step);
    };
    step();
  }

  /** Closes every socket of the player (a ban, a deleted account). */
  closePlayer(playerId: number, code: number, reason: string): void {
    const set = this.byPlayer.get(playerId);
    if (!set) return;
    for (const conn of [...set]) conn.close(code, reason);
  }

  all(): Iterable<Connection> {
    const out: Connection[] = [];
    for (const set of this.byPlayer.values()) out.push(...set);
    return out;
  }
}
