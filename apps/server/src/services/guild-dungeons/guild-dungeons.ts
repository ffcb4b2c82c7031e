import {
  type DungeonMap,
  type DungeonRun,
  type GuildObjective,
  generateGuildMap,
  guildDungeonSeed,
  guildObjectives,
  objectiveText,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import {
  type DungeonCombatWire,
  type DungeonStateWire,
  dungeonStateOf,
} from "../../world/dungeon-run-view";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import type { PlayerStore } from "../../world/player-store";
import type { GuildService } from "../guilds/guild-service";
import { guildIdOf } from "../guilds/guild-store";
import { type Floor, readFloor } from "./floor-store";
import type { GuildRunners } from "./guild-runners";

export type GuildDungeonWire = NonNullable<ServerPayload<"guildDungeon">["state"]>;

export interface GuildDungeonDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  guilds: GuildService;
  inbox: CreditInbox;
  /** Who is on which floor, on every process (members see each other). */
  runners: GuildRunners;
  /** The DungeonObjective push to a member with no socket open (the notifier decides). */
  notifyOffline: (playerId: number, text: string, key: string) => void;
  log?: FastifyBaseLogger;
}

interface FloorMap {
  map: DungeonMap;
  objectives: GuildObjective[];
}

const MAX_CACHED_FLOORS = 200;

/**
 * Guild dungeons on this process (docs/features/guild-dungeons.md "Guild dungeons"): the floors' maps and
 * objectives (pure functions of guild and level, cached), each guild's level as last read, and
 * the pushes of a floor's state to members online here. The database is authoritative.
 */
export class GuildDungeons {
  private readonly floors = new Map<number, FloorMap>();
  /** Each guild's DungeonLevel as this process last read it (a run of an older floor ends). */
  readonly levels = new Map<number, number>();

  constructor(readonly deps: GuildDungeonDeps) {}

  /** The map and objectives of a guild's floor. */
  floor(guildId: number, level: number): FloorMap {
    const seed = guildDungeonSeed(guildId, level);
    let f = this.floors.get(seed);
    if (!f) {
      const map = generateGuildMap(seed);
      f = { map, objectives: guildObjectives(map) };
      if (this.floors.size >= MAX_CACHED_FLOORS) {
        const oldest = this.floors.keys().next().value;
        if (oldest !== undefined) this.floors.delete(oldest);
      }
      this.floors.set(seed, f);
    }
    return f;
  }

  /**
   * The player's copy of the floor as they see it: their own position first, then the other
   * members on the floor (after telling those where the player is now).
   */
  stateOf(p: LoadedPlayer, run: DungeonRun, combat?: DungeonCombatWire): DungeonStateWire {
    this.deps.runners.track(p);
    const state = dungeonStateOf(p, run, combat);
    return { ...state, players: [...state.players, ...this.deps.runners.peersOf(p.id)] };
  }

  /** Reads a guild's floor (and remembers its level). */
  async read(guildId: number): Promise<Floor | undefined> {
    const floor = await readFloor(this.deps.db, guildId);
    if (floor) this.levels.set(guildId, floor.level);
    else this.levels.delete(guildId);
    return floor;
  }

  /** The wire state of a floor as a player sees it. */
  wire(floor: Floor, run: DungeonRun | null): GuildDungeonWire {
    const { map, objectives } = this.floor(floor.guildId, floor.level);
    return {
      guildId: floor.guildId,
      level: floor.level,
      inRun: run?.guild?.guildId === floor.guildId && run.guild.level === floor.level,
      objectives: objectives.map((o) => {
        const done = floor.done.find((d) => d.objective === o.id);
        return {
          id: o.id,
          kind: o.kind,
          x: o.x,
          y: o.y,
          text: objectiveText(map, o),
          ...(done ? { by: done.playerName, at: done.at } : {}),
        };
      }),
    };
  }

  /** The player's guild dungeon (none without a guild) to their sockets here. */
  async send(p: LoadedPlayer): Promise<void> {
    const guildId = await guildIdOf(this.deps.db, p.id);
    const floor = guildId === undefined ? undefined : await this.read(guildId);
    if (floor) this.endStale(p, floor.guildId, floor.level);
    this.deps.sessions.send(p.id, "guildDungeon", {
      state: floor ? this.wire(floor, p.dungeon.guildRun) : undefined,
    });
  }

  /** After a guild's state went to its members online here: its floor goes too. */
  async pushed(guildId: number, online: ReadonlySet<number>): Promise<void> {
    const floor = await this.read(guildId);
    if (!floor) return;
    for (const id of online) {
      const p = this.deps.store.loaded.get(id);
      if (p) this.endStale(p, guildId, floor.level);
      this.deps.sessions.send(id, "guildDungeon", {
        state: this.wire(floor, p?.dungeon.guildRun ?? null),
      });
    }
  }

  /** A player's guild changed (here or elsewhere): a run of another guild ends with nothing. */
  membershipChanged(playerId: number): void {
    const p = this.deps.store.loaded.get(playerId);
    const run = p?.dungeon.guildRun;
    if (!p || !run?.guild) return;
    if (this.deps.guilds.guildOf(playerId) === run.guild.guildId) return;
    this.endRun(p, "You left the guild: your guild dungeon run ended.");
    this.send(p).catch((err) => this.deps.log?.warn({ err }, "sending the guild dungeon failed"));
  }

  /** Ends a run of an older floor of the guild (cleared meanwhile). */
  endStale(p: LoadedPlayer, guildId: number, level: number): void {
    const g = p.dungeon.guildRun?.guild;
    if (g && g.guildId === guildId && g.level !== level) {
      this.endRun(
        p,
        `Your guild cleared floor ${g.level}: enter floor ${level} from the guild dungeon.`,
      );
    }
  }

  /** Ends the player's guild run (nothing is kept: guild runs carry no treasure of their own). */
  endRun(p: LoadedPlayer, text?: string): void {
    if (!p.dungeon.guildRun) return;
    p.dungeon.guildRun = null;
    markDirty(p, Col.dungeon);
    this.deps.runners.leave(p.id);
    if (text) this.deps.sessions.send(p.id, "toast", { text });
  }
}
