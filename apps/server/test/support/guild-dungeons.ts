import {
  BATTLE_XP_BASE,
  Door,
  type DungeonMap,
  type DungeonRun,
  experienceForLevel,
  type GuildObjective,
  generateGuildMap,
  guildDungeonSeed,
  guildObjectives,
  Occupant,
  occupantOf,
} from "@manaspire/game";
import { mapOf } from "../../src/world/dungeon-run-view";
import { battleLevel, battleLevelChanged } from "../../src/world/player-view";
import { pathTo } from "./dungeons";
import { mark, type Player } from "./players";

/** The map and objectives of a guild's floor, as the server derives them. */
export function floorOf(
  guildId: number,
  level: number,
): { map: DungeonMap; objectives: GuildObjective[] } {
  const map = generateGuildMap(guildDungeonSeed(guildId, level));
  return { map, objectives: guildObjectives(map) };
}

/** Gives the player a battle level (a new mage is level 0, under every guild floor). */
export function setBattleLevel(p: Player, level: number): void {
  p.loaded.battleXp = experienceForLevel(BATTLE_XP_BASE, level);
  battleLevelChanged(p.loaded);
}

/** The player (battle level 5 at least) enters their guild's dungeon; returns its state. */
export async function enterGuildDungeon(p: Player) {
  if (battleLevel(p.loaded) < 5) setBattleLevel(p, 5);
  const since = mark(p);
  p.client.send("dungeonJoinGuild", { join: true });
  await p.client.next("dungeonState", (m) => m.state.guild, { since });
  const { state } = await p.client.next("guildDungeon", (m) => m.state?.inRun === true, {
    since,
  });
  return state;
}

/** The player's guild run (server memory). */
export function guildRunOf(p: Player): { run: DungeonRun; map: DungeonMap } {
  const run = p.loaded.dungeon.guildRun;
  if (!run) throw new Error("no guild run");
  return { run, map: mapOf(run) };
}

/** Puts the player in a room of their guild run (as if walked there), delays waived. */
export function placeAt(p: Player, cell: number): void {
  const { run, map } = guildRunOf(p);
  run.x = cell % map.side;
  run.y = Math.floor(cell / map.side);
  run.movedAt = 0;
  run.interactedAt = 0;
}

/** Puts the player in the room before `cell` on the way from the start (a door between). */
export function placeBefore(p: Player, cell: number): void {
  const { map } = guildRunOf(p);
  const path = pathTo(map, map.start, cell);
  placeAt(p, path.length > 1 ? (path[path.length - 2] as number) : map.start);
}

/** A room next to `cell` the player can walk into at once (a door, no lock, nobody in it). */
export function openNeighbour(map: DungeonMap, cell: number): number {
  const room = map.rooms[cell];
  for (const [door, dx, dy] of [
    [Door.North, 0, -1],
    [Door.East, 1, 0],
    [Door.South, 0, 1],
    [Door.West, -1, 0],
  ] as const) {
    if (!room || (room.doors & door) === 0) continue;
    const next = (room.y + dy) * map.side + room.x + dx;
    const target = map.rooms[next];
    if (target && target.lock === 0 && occupantOf(target.flags) === Occupant.None) return next;
  }
  throw new Error(`no open room next to ${cell}`);
}

/** The player walks into a neighbouring room of their guild run (the movement delay waived). */
export function stepTo(p: Player, cell: number): void {
  const { run, map } = guildRunOf(p);
  run.movedAt = 0;
  p.client.send("dungeonMove", { x: cell % map.side, y: Math.floor(cell / map.side), guild: true });
}
