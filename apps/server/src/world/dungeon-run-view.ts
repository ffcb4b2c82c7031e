import {
  DungeonBoost,
  type DungeonMap,
  type DungeonRun,
  type MapRoom,
  mapOfRun,
  runFlags,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";

export type DungeonStateWire = ServerPayload<"dungeonState">["state"];
export type DungeonPlayerWire = DungeonStateWire["players"][number];
export type DungeonCombatWire = NonNullable<DungeonStateWire["combat"]>;

/** Maps of runs, generated once per run object (a map is a pure function of its seed). */
const maps = new WeakMap<DungeonRun, DungeonMap>();

export function mapOf(run: DungeonRun): DungeonMap {
  let map = maps.get(run);
  if (!map) {
    map = mapOfRun(run);
    maps.set(run, map);
  }
  return map;
}

/** The `dungeonState` of a player's run: only the discovered rooms (nothing else leaks). */
export function dungeonStateOf(
  p: LoadedPlayer,
  run: DungeonRun,
  combat?: DungeonCombatWire,
): DungeonStateWire {
  const map = mapOf(run);
  return {
    guild: run.guild !== undefined,
    size: run.size,
    side: map.side,
    rooms: run.discovered.map((cell) => {
      const room = map.rooms[cell] as MapRoom;
      return {
        x: room.x,
        y: room.y,
        flags: runFlags(map, run, cell),
        lock: room.lock,
        children: room.doors,
        discovered: true,
      };
    }),
    players: [dungeonPlayerOf(p, run)],
    keys: [...run.keys],
    loot: { ...run.loot },
    foundEquipment: [],
    speedrun: run.speedrun,
    startedAt: run.startedAt,
    ...(combat ? { combat } : {}),
  };
}

/** The player on the map as everyone sees them (spec "Dungeon player"). */
export function dungeonPlayerOf(p: LoadedPlayer, run: DungeonRun): DungeonPlayerWire {
  const skin = p.pets.dungeonSkin;
  return {
    pid: p.id,
    x: run.x,
    y: run.y,
    skin: skin ? skin.type : 0,
    name: p.name,
    swiftness: Math.min(10, p.boosts[DungeonBoost.Swiftness] ?? 0),
  };
}
