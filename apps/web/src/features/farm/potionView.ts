/** How potions read on screen (the potions tab and the shell's potion icons). */
import { ACTION_INTERVAL_MS, lootById, type PotionDef, potionByBoost } from "@manaspire/game";
import { timeLeft } from "./farmModel";

export function potionName(boost: number): string {
  return potionByBoost(boost)?.name ?? `Potion #${boost}`;
}

/** "812 ticks (40m)" */
export function ticksText(ticks: number): string {
  return `${ticks.toLocaleString("en")} ticks (${timeLeft(ticks * ACTION_INTERVAL_MS)})`;
}

/** What a potion of `tier` does with the player's potion boost, e.g. "+10% battle experience". */
export function effectText(boost: number, value: number): string {
  const v = Number(value.toFixed(2)).toLocaleString("en");
  switch (boost) {
    case 105:
      return `restores ${v} actions`;
    case 120:
      return `+${v}% battle experience`;
    case 124:
      return `+${v} base resource amount`;
    case 122:
      return `+${v}% elemental shards`;
    default:
      return "";
  }
}

export function herbNames(def: PotionDef): string {
  return def.herbs.map((id) => lootById(id)?.name ?? `#${id}`).join(" and ");
}

/** Colour of each potion's flask. */
export const POTION_COLORS: Readonly<Record<number, string>> = {
  105: "#f2c66d",
  120: "#a78bfa",
  124: "#4ade80",
  122: "#38bdf8",
};
