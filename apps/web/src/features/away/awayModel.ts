import { ActionType, lootById } from "@manaspire/game";
import type { AwaySummary } from "@manaspire/protocol";

/** "3 h 12 min", "45 min", "2 d 4 h": how long the player was away. */
export function formatAbsence(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

const SKILL_NAMES: Record<number, string> = {
  [ActionType.Battle]: "Battle",
  [ActionType.Mining]: "Mining",
  [ActionType.Fishing]: "Fishing",
  [ActionType.Woodcutting]: "Woodcutting",
};

export function skillName(skill: number): string {
  return SKILL_NAMES[skill] ?? "Skill";
}

export interface LootLine {
  id: number;
  name: string;
  rarity: number;
  change: number;
}

/** The currencies and materials that changed: gains first (largest first), then losses. */
export function lootLines(loot: AwaySummary["loot"]): LootLine[] {
  return Object.entries(loot)
    .map(([key, change]) => {
      const def = lootById(Number(key));
      return {
        id: Number(key),
        name: def?.name ?? `Loot #${key}`,
        rarity: def?.rarity ?? 0,
        change,
      };
    })
    .filter((line) => line.change !== 0)
    .sort(
      (a, b) =>
        Math.sign(b.change) - Math.sign(a.change) || Math.abs(b.change) - Math.abs(a.change),
    );
}
