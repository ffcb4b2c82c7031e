import { LootId } from "../loot";

/**
 * The merchant (spec 001 section 9): swaps a resource for another of its group at a rate of
 * 80% plus 0.5% for each Ascension threshold reached (30 thresholds, at most 95%); the
 * player receives floor(amount × rate). At least 5 per trade.
 */
export const MERCHANT_MIN_AMOUNT = 5;
export const MERCHANT_BASE_RATE = 0.8;
export const MERCHANT_RATE_STEP = 0.005;
export const ASCENSION_THRESHOLDS: readonly number[] = [
  5, 10, 20, 35, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 750, 1000, 1250, 1500, 1750, 2000,
  2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 9000,
];

/** Resources the merchant swaps among each other. */
export const MERCHANT_GROUPS: readonly (readonly number[])[] = [
  [LootId.Fish, LootId.Wood, LootId.Iron],
  [LootId.TomeOfFire, LootId.TomeOfWater, LootId.TomeOfNature],
  [LootId.Sageroot, LootId.Bloomwell],
];

/** Resources the guild-funds variant swaps (spec: guild versions for Fish, Wood, Iron). */
export const GUILD_MERCHANT_GROUP: readonly number[] = [LootId.Fish, LootId.Wood, LootId.Iron];

/** What the merchant gives for `source` (empty when it takes none). */
export function merchantTargets(source: number, fromGuildFunds = false): readonly number[] {
  const groups = fromGuildFunds ? [GUILD_MERCHANT_GROUP] : MERCHANT_GROUPS;
  const group = groups.find((g) => g.includes(source));
  return group ? group.filter((id) => id !== source) : [];
}

/** Thresholds of Ascension points reached. */
export function ascensionThresholdsReached(ascension: number): number {
  let n = 0;
  for (const t of ASCENSION_THRESHOLDS) if (ascension >= t) n++;
  return n;
}

/** The merchant's rate for a player with these Ascension points (0.80 to 0.95). */
export function merchantRate(ascension: number): number {
  return MERCHANT_BASE_RATE + MERCHANT_RATE_STEP * ascensionThresholdsReached(ascension);
}

/**
 * What `amount` of a resource fetches: floor(amount × rate), computed in thousandths (so
 * 5 × 0.8 is exactly 4) and in two parts, exact for any safe integer amount.
 */
export function merchantReceived(amount: number, ascension: number): number {
  const perMille = 800 + 5 * ascensionThresholdsReached(ascension);
  const thousands = Math.floor(amount / 1000);
  return thousands * perMille + Math.floor(((amount - thousands * 1000) * perMille) / 1000);
}
