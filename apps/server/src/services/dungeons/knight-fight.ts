import {
  createRng,
  type DungeonMap,
  type DungeonRun,
  type Enemy,
  knightBeaten,
  OCCUPANT_NAMES,
  resolveBattle,
  seedFrom,
} from "@manaspire/game";
import type { DungeonCombatWire } from "../../world/dungeon-run-view";
import type { LoadedPlayer } from "../../world/loaded-player";
import { combatStats } from "../../world/player-view";

/**
 * A move into a knight's room (solo and guild dungeons): the fight with the player's battle
 * stats and magic type; a win frees the room, a loss leaves the knight wounded. Returns the
 * combat text for the map and the toast.
 */
export function fightKnight(
  p: LoadedPlayer,
  map: DungeonMap,
  run: DungeonRun,
  target: { cell: number; occupant: number; now: number },
  enemy: Enemy,
  maxHealth: number,
): { won: boolean; combat: DungeonCombatWire; text: string } {
  const { cell, occupant, now } = target;
  const battle = resolveBattle(
    combatStats(p),
    enemy,
    p.magicType as 1 | 2 | 3,
    createRng(seedFrom(p.id, now % 2_147_483_647, run.seed)),
  );
  const left = battle.won ? 0 : Math.max(0, battle.enemyHealthRemaining);
  if (battle.won) knightBeaten(map, run, cell);
  else run.wounds[cell] = left;
  const name = OCCUPANT_NAMES[occupant];
  return {
    won: battle.won,
    combat: {
      x: cell % map.side,
      y: Math.floor(cell / map.side),
      dmg: Math.max(0, enemy.health - left),
      health: left,
      maxHealth,
    },
    text: battle.won
      ? `You defeated the ${name}.`
      : `The ${name} holds the room (${Math.ceil(left).toLocaleString("en-US")} health left).`,
  };
}
