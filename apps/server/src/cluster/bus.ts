import type { ServerPayload } from "@manaspire/protocol";
import type { StoredLine } from "../services/chat/history";

/** A guild dungeon runner as the floor's members see it: the wire form, no feature type. */
type DungeonRunner = ServerPayload<"dungeonState">["state"]["players"][number];

/** What processes tell each other (docs/core/processes.md "Several processes"). */
export type BusMessage =
  /** A chat line was stored: deliver it to your members (channel, guild or whisper parties). */
  | { k: "chat"; line: StoredLine }
  /** A moderator deleted a chat line. */
  | { k: "chatDeleted"; id: number }
  /** A player was muted until `until` (0: unmuted). */
  | { k: "mute"; playerId: number; until: number }
  /** A toast for a player, shown on whichever process holds their sockets. */
  | { k: "toast"; playerId: number; text: string }
  /** A credit was written for the player: its owner applies it now instead of at the sweep. */
  | { k: "credit"; playerId: number }
  /** To the owner: a connection for the player arrived at process `from`; save and let go. */
  | { k: "release"; playerId: number; from: number }
  /** To the asker: the owner heard `release` and is saving the player (wait longer). */
  | { k: "releasing"; playerId: number }
  /** To the asker: the player was saved and let go (or was not held here). */
  | { k: "released"; playerId: number }
  /**
   * A guild changed (funds, ranks, members): refresh its members' screens; `playerIds` joined
   * or left it (read their membership again).
   */
  | { k: "guild"; guildId: number; playerIds: number[] }
  /** A member online here entered or moved on a guild dungeon floor (`guildId:level`). */
  | { k: "guildRunner"; floor: string; runner: DungeonRunner }
  /** A member online here left the floor (run ended, went offline). */
  | { k: "guildRunnerGone"; floor: string; playerId: number }
  /** A process's first member on the floor: the others send theirs (`guildRunner`, direct). */
  | { k: "guildRunnersAsk"; floor: string }
  /** A process started: the others know it before their next heartbeat reads it. */
  | { k: "hello" };

export type BusHandler = (msg: BusMessage, origin: number) => void;

/**
 * Messages between the server processes of one world. Alone (no `REDIS_URL`) there is nobody
 * to tell: {@link LocalBus}. With Redis: {@link RedisBus}, which also tells when it may have
 * missed messages (`onResync`, with the time from which to catch up from the database).
 */
export interface Bus {
  /** True when other processes may exist and hear what is published. */
  readonly distributed: boolean;
  start(selfId: number): Promise<void>;
  stop(): Promise<void>;
  /** To every other process of the world. */
  publish(msg: BusMessage): void;
  /**
   * To one process. Resolves false when nobody listens on its channel (the process is gone, or
   * cut off from Redis), true when it was heard or the publish failed (nothing is known).
   */
  send(processId: number, msg: BusMessage): Promise<boolean>;
  on(handler: BusHandler): void;
  /** Messages from `sinceMs` on may have been missed: read them from the database. */
  onResync(handler: (sinceMs: number) => void): void;
  /** Presence across processes: this process holds a socket of the player, or no longer. */
  setOnline(playerId: number, online: boolean): void;
  /**
   * True when one of these processes (or one the bus heard from lately) holds a socket of
   * the player.
   */
  onlineOn(playerId: number, processIds: readonly number[]): Promise<boolean>;
  /** Undefined when reachable, else why not (for /api/ready). */
  problem(): Promise<string | undefined>;
}

/** One process alone: nothing to send, nothing to hear. */
export class LocalBus implements Bus {
  readonly distributed = false;
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  publish(): void {}
  async send(): Promise<boolean> {
    return false;
  }
  on(): void {}
  onResync(): void {}
  setOnline(): void {}
  async onlineOn(): Promise<boolean> {
    return false;
  }
  async problem(): Promise<string | undefined> {
    return undefined;
  }
}
