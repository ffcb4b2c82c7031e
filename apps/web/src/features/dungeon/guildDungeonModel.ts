/**
 * The guild dungeon screen's view (pure; unit-tested): the entry rule of spec 001 (the guild's
 * DungeonLevel at most the player's level), the objectives done and left, and the floor reward
 * as the server pays it (docs/game-rules.md "Guild dungeons").
 */
import { guildEntryError, perfectionChance } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";

export type GuildFloor = NonNullable<ServerPayload<"guildDungeon">["state"]>;

export interface GuildDungeonView {
  level: number;
  /** The refusal the server would give, or null when the player may enter. */
  refusal: string | null;
  done: number;
  total: number;
  /** The reward text of a contributor when this floor is cleared. */
  reward: string;
}

export function guildDungeonView(floor: GuildFloor, playerLevel: number): GuildDungeonView {
  const level = floor.level;
  return {
    level,
    refusal: guildEntryError(level, playerLevel),
    done: floor.objectives.filter((o) => o.by !== undefined).length,
    total: floor.objectives.length,
    reward: rewardText(level),
  };
}

/** "30 Dungeon Points, 20 Guild Battle XP and a 12% chance of an Orb of Perfection". */
export function rewardText(level: number): string {
  const l = Math.max(1, Math.floor(level));
  const chance = Math.round(perfectionChance(l) * 100);
  return `${20 + 5 * l} Dungeon Points, ${10 * l} Guild Battle XP and a ${chance}% chance of an Orb of Perfection`;
}
