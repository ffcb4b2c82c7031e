import type { Bus, BusMessage } from "../../cluster/bus";
import type { Sessions } from "../../socket/sessions";
import { type DungeonPlayerWire, dungeonPlayerOf } from "../../world/dungeon-run-view";
import type { LoadedPlayer } from "../../world/loaded-player";

/** A member exploring a guild dungeon floor, as the others see them (spec "Dungeon player"). */
export type Runner = DungeonPlayerWire;

interface Entry {
  runner: Runner;
  /** The process holding the runner's sockets. */
  origin: number;
}

export interface GuildRunnersDeps {
  bus: Bus;
  sessions: Sessions;
  /** This process's id in the world (its bus origin). */
  selfId: () => number;
  /** The player's guild as this process knows it: only its members are on its floors. */
  guildOf: (playerId: number) => number | undefined;
  /** Whether another process is live: runners heard from a process that died are forgotten. */
  isLive: (processId: number) => boolean;
}

/** A floor of a guild's dungeon: the guild and its DungeonLevel. */
export const floorKey = (guildId: number, level: number): string => `${guildId}:${level}`;

const same = (a: Runner, b: Runner) =>
  a.x === b.x && a.y === b.y && a.skin === b.skin && a.name === b.name;

/**
 * Who is exploring each guild dungeon floor right now (docs/features/guild-dungeons.md "Guild dungeons",
 * "Seeing each other"): the members online with a run of it, and where they stand. Nothing of
 * it is stored: each process tracks its own players and tells the others on the bus (a move, a
 * departure, and the runners it holds when a process asks for a floor's); every member on a
 * floor gets `guildDungeonPlayers` when one of the others changes. A process keeps only the
 * floors some of its own players are on.
 */
export class GuildRunners {
  private readonly floors = new Map<string, Map<number, Entry>>();
  private readonly floorOfPlayer = new Map<number, string>();
  /** Floors whose runners changed since the last push (pushed together, once per turn). */
  private readonly pending = new Set<string>();
  private scheduled = false;

  constructor(private readonly deps: GuildRunnersDeps) {
    deps.bus.on((msg, origin) => this.hear(msg, origin));
    // Messages may have been missed: ask again for the floors this process's players are on.
    deps.bus.onResync(() => {
      for (const [key, floor] of this.floors) {
        if (this.localIn(floor)) deps.bus.publish({ k: "guildRunnersAsk", floor: key });
      }
    });
  }

  /** The player's guild run as it is now: entered, moved or resumed; or gone (ended, offline). */
  track(p: LoadedPlayer): void {
    const run = p.dungeon.guildRun;
    const g = run?.guild;
    if (!run || !g || !this.deps.sessions.has(p.id) || this.deps.guildOf(p.id) !== g.guildId) {
      this.leave(p.id);
      return;
    }
    const key = floorKey(g.guildId, g.level);
    const self = this.deps.selfId();
    const runner = dungeonPlayerOf(p, run);
    const prev = this.floors.get(key)?.get(p.id);
    if (prev && prev.origin === self && same(prev.runner, runner)) return;
    const floor = this.floors.get(key);
    const first = !floor || !this.localIn(floor);
    this.put(key, runner, self);
    this.deps.bus.publish({ k: "guildRunner", floor: key, runner });
    // The first of this process's players on the floor: the others say who is there.
    if (first) this.deps.bus.publish({ k: "guildRunnersAsk", floor: key });
  }

  /** The player left their floor (run ended, last socket closed). */
  leave(playerId: number): void {
    const key = this.floorOfPlayer.get(playerId);
    if (key === undefined) return;
    const entry = this.floors.get(key)?.get(playerId);
    this.remove(key, playerId);
    if (entry?.origin === this.deps.selfId()) {
      this.deps.bus.publish({ k: "guildRunnerGone", floor: key, playerId });
    }
  }

  /** The others on the player's floor now (none when the player is on none). */
  peersOf(playerId: number): Runner[] {
    const key = this.floorOfPlayer.get(playerId);
    const floor = key === undefined ? undefined : this.floors.get(key);
    if (!key || !floor) return [];
    const self = this.deps.selfId();
    const peers: Runner[] = [];
    for (const [id, entry] of floor) {
      if (entry.origin !== self && !this.deps.isLive(entry.origin)) {
        this.remove(key, id); // its process died without saying goodbye
        continue;
      }
      if (id !== playerId) peers.push(entry.runner);
    }
    return peers;
  }

  /** How many members are on floors this process knows of (metrics, tests). */
  get size(): number {
    return this.floorOfPlayer.size;
  }

  private hear(msg: BusMessage, origin: number): void {
    if (msg.k === "guildRunner") {
      const floor = this.floors.get(msg.floor);
      if (!floor || !this.localIn(floor)) {
        // Nobody of this process is on that floor: keep nothing of it, only forget where the
        // runner stood before (a floor that has players here).
        const was = this.floorOfPlayer.get(msg.runner.pid);
        if (was !== undefined) this.remove(was, msg.runner.pid);
        return;
      }
      this.put(msg.floor, msg.runner, origin);
    } else if (msg.k === "guildRunnerGone") {
      // Only the process that held the runner may take them away (a later one may hold them).
      if (this.floors.get(msg.floor)?.get(msg.playerId)?.origin === origin) {
        this.remove(msg.floor, msg.playerId);
      }
    } else if (msg.k === "guildRunnersAsk") {
      const self = this.deps.selfId();
      for (const entry of this.floors.get(msg.floor)?.values() ?? []) {
        if (entry.origin === self) {
          this.deps.bus.send(origin, { k: "guildRunner", floor: msg.floor, runner: entry.runner });
        }
      }
    }
  }

  private localIn(floor: Map<number, Entry>): boolean {
    const self = this.deps.selfId();
    for (const entry of floor.values()) if (entry.origin === self) return true;
    return false;
  }

  private put(key: string, runner: Runner, origin: number): void {
    const was = this.floorOfPlayer.get(runner.pid);
    if (was !== undefined && was !== key) this.remove(was, runner.pid);
    let floor = this.floors.get(key);
    if (!floor) {
      floor = new Map();
      this.floors.set(key, floor);
    }
    floor.set(runner.pid, { runner, origin });
    this.floorOfPlayer.set(runner.pid, key);
    this.changed(key);
  }

  private remove(key: string, playerId: number): void {
    const floor = this.floors.get(key);
    if (!floor?.delete(playerId)) return;
    if (this.floorOfPlayer.get(playerId) === key) this.floorOfPlayer.delete(playerId);
    if (!this.localIn(floor)) {
      // The last of this process's players left the floor: the others' runners there go too
      // (nobody here to show them to; an ask brings them back when one returns).
      for (const id of floor.keys()) {
        if (this.floorOfPlayer.get(id) === key) this.floorOfPlayer.delete(id);
      }
      this.floors.delete(key);
      return;
    }
    this.changed(key);
  }

  private changed(key: string): void {
    this.pending.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.push());
  }

  /** Each of this process's players on a changed floor gets the others. */
  private push(): void {
    this.scheduled = false;
    const self = this.deps.selfId();
    for (const key of this.pending) {
      const floor = this.floors.get(key);
      if (!floor) continue;
      for (const [id, entry] of floor) {
        if (entry.origin !== self) continue;
        this.deps.sessions.send(id, "guildDungeonPlayers", { players: this.peersOf(id) });
      }
    }
    this.pending.clear();
  }
}
