import { collectFarm, createRng, type FarmCollect, LootId, seedFrom } from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";
import { grantLoot } from "./loot";
import { Col, markDirty } from "./player-columns";
import { totalBoosts } from "./player-view";

/**
 * The farm's clock for a player: how far the herbs have grown at `now` when the world's herbs
 * grow `rate` hours per hour (FARM_GROWTH_RATE; 1 normally).
 */
export function farmNow(p: LoadedPlayer, now: number, rate: number): number {
  return p.farmHarvestAt + Math.max(0, now - p.farmHarvestAt) * rate;
}

/**
 * Collects a loaded player's farm at `now` (a click, or the unattended auto-collect: the
 * player need not be online). On success the herbs are added, the upkeep taken from Mana
 * Dust (possibly into debt) and the farm starts again; the player is marked dirty and the
 * next flush saves it. A refusal changes nothing.
 */
export function collectFarmFor(
  p: LoadedPlayer,
  now: number,
  rate: number,
  tracker: LootTrackerEntry[] = [],
): FarmCollect {
  const result = collectFarm({
    lastHarvest: p.farmHarvestAt,
    now: farmNow(p, now, rate),
    boosts: totalBoosts(p),
    manaDust: p.loot[LootId.ManaDust] ?? 0,
    rng: createRng(seedFrom(p.id, Math.floor(now / 1000), 0x4a5e)),
  });
  if (!result.ok) return result;
  const { herbs, upkeep } = result.harvest;
  grantLoot(p, herbs, now, tracker);
  p.loot[LootId.ManaDust] = (p.loot[LootId.ManaDust] ?? 0) - upkeep;
  p.farmHarvestAt = now;
  for (const amount of Object.values(herbs)) p.farmHarvested += amount;
  markDirty(p, Col.loot, Col.farmHarvestAt, Col.farmHarvested);
  return { ok: true, harvest: { ...result.harvest, lastHarvest: now } };
}
