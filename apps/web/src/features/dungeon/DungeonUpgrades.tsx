import { DUNGEON_UPGRADES, DungeonBoost, researchById } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { CurrencyStrip, ResearchCard } from "../research/ResearchCard";
import { type ResearchRow, researchRow } from "../research/researchModel";

/** The dungeon upgrades' rows (boosts 140-146), priced with the player's unlock cap. */
export function upgradeRows(player: PlayerState, unlockCap: number, now: number): ResearchRow[] {
  return DUNGEON_UPGRADES.flatMap((id) => {
    const def = researchById(id);
    return def ? [researchRow(def, player.boosts, player.loot, now, 1, unlockCap)] : [];
  });
}

/** Dungeon upgrades bought with Dungeon Points (Unlocked with Mana Dust), as research cards. */
export function DungeonUpgrades({
  rows,
  wallet,
  onBuy,
}: {
  rows: readonly ResearchRow[];
  wallet: Readonly<Record<number, number>>;
  onBuy: (row: ResearchRow) => void;
}) {
  const points = rows.filter((r) => r.def.boostId !== DungeonBoost.Unlocked);
  return (
    <section aria-labelledby="dungeon-upgrades-title" className="space-y-2">
      <h2 id="dungeon-upgrades-title" className="font-display text-lg font-bold text-ink">
        Upgrades
      </h2>
      <CurrencyStrip rows={rows} wallet={wallet} />
      <ul className="grid gap-2 @2xl:grid-cols-2" aria-label="Dungeon upgrades">
        {points.map((row) => (
          <ResearchCard key={row.def.boostId} row={row} onBuy={() => onBuy(row)} />
        ))}
      </ul>
    </section>
  );
}
