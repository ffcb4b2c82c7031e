/** Item and material rarities 0-7 (spec 000 section 3). */
export const RARITY_NAMES = [
  "None",
  "Common",
  "Uncommon",
  "Rare",
  "Epic",
  "Legendary",
  "Heirloom",
  "Mythic",
] as const;

export type Rarity = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

const RARITY_CLASSES = [
  "rarity-0",
  "rarity-1",
  "rarity-2",
  "rarity-3",
  "rarity-4",
  "rarity-5",
  "rarity-6",
  "rarity-7",
] as const;

function clampRarity(rarity: number): Rarity {
  if (!Number.isFinite(rarity)) return 0;
  return Math.min(7, Math.max(0, Math.trunc(rarity))) as Rarity;
}

/** Tailwind utility class for a rarity's text colour (unknown values fall back to none). */
export function rarityClass(rarity: number): string {
  return RARITY_CLASSES[clampRarity(rarity)];
}

export function rarityName(rarity: number): string {
  return RARITY_NAMES[clampRarity(rarity)];
}
