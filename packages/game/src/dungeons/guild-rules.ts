/**
 * Guild dungeon rules (spec 001: entry only if the guild's DungeonLevel is at most the
 * player's level; Orbs of Perfection are found in guild dungeons; the rest is our design, see
 * docs/game-rules.md "Guild dungeons").
 */
import type { Enemy } from "../enemies";
import { LootId } from "../loot";
import type { Rng } from "../rng";
import { GUILD_DUNGEON_SIZE } from "./guild-map";
import { knightEnemy } from "./run";

/** A new guild's (and every guild's before this feature) DungeonLevel. */
export const GUILD_DUNGEON_START_LEVEL = 1;

/** Spec: entry only if the guild's DungeonLevel is at most the player's (battle) level. */
export function guildEntryError(dungeonLevel: number, playerLevel: number): string | null {
  return dungeonLevel <= playerLevel
    ? null
    : `Your guild's dungeon is at level ${dungeonLevel}: you need battle level ${dungeonLevel} to enter.`;
}

/** A boss knight is this much stronger than the floor's other knights. */
export const BOSS_FACTOR = 1.2;

/**
 * A guild dungeon knight: the large-dungeon knight (level × 1.5) of the higher of the player's
 * level and the floor's DungeonLevel, a boss 20% above; `health` its health left if wounded.
 */
export function guildKnightEnemy(
  occupant: number,
  playerLevel: number,
  dungeonLevel: number,
  boss: boolean,
  health?: number,
): Enemy {
  const base = Math.max(1, playerLevel, dungeonLevel) * (boss ? BOSS_FACTOR : 1);
  return knightEnemy(occupant, Math.round(base), GUILD_DUNGEON_SIZE, health);
}

/** Chance of an Orb of Perfection in a contributor's floor reward: 10% + 2% a level, at most 50%. */
export function perfectionChance(level: number): number {
  return Math.min(0.5, 0.1 + 0.02 * Math.max(0, level - 1));
}

/**
 * What each member who completed at least one objective of a floor gets when the floor is
 * cleared (our design): 20 + 5 × level Dungeon Points, 10 × level Guild Battle XP, and an Orb
 * of Perfection at {@link perfectionChance}. One rng draw.
 */
export function guildFloorReward(level: number, rng: Rng): Record<number, number> {
  const l = Math.max(1, Math.floor(level));
  const out: Record<number, number> = {
    [LootId.DungeonPoints]: 20 + 5 * l,
    [LootId.GuildBattleXp]: 10 * l,
  };
  if (rng.next() < perfectionChance(l)) out[LootId.OrbOfPerfection] = 1;
  return out;
}
