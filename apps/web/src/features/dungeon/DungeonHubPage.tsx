import { DungeonBoost } from "@manaspire/game";
import { useState } from "react";
import { Link } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import { PurchaseDialog } from "../research/PurchaseDialog";
import type { ResearchRow } from "../research/researchModel";
import { DungeonLootCard } from "./DungeonLootCard";
import { DungeonPresets } from "./DungeonPresets";
import { DungeonUpgrades, upgradeRows } from "./DungeonUpgrades";
import { idleView } from "./dungeonModel";
import { IdleDungeonCard } from "./IdleDungeonCard";
import { ManualStartCard } from "./ManualStartCard";

/**
 * /dungeon-shop, the dungeon hub (spec 001 section 2): the idle size, dungeons by hand (start,
 * Resume), the upgrades bought with Dungeon Points, presets and the dungeon loot tracker.
 */
export function DungeonHubPage() {
  const player = useGameStore((s) => s.player);
  const [buying, setBuying] = useState<number | null>(null);
  if (!player) {
    return (
      <div className="mx-auto w-full max-w-4xl" aria-busy="true">
        <PageTitle>Dungeons</PageTitle>
        <div className="skeleton h-40 w-full" />
      </div>
    );
  }
  const view = idleView(player);
  const rows = upgradeRows(player, view.cap, Date.now());
  const row: ResearchRow | undefined = rows.find((r) => r.def.boostId === buying);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4" data-testid="dungeon-hub">
      <PageTitle
        subtitle={
          <>
            Idle runs while you play, upgrades for the halls below. With your guild:{" "}
            <Link to="/dungeon-guild" className="link" data-testid="guild-dungeon-link">
              the guild dungeon
            </Link>
            .
          </>
        }
      >
        Dungeons
      </PageTitle>
      <div className="grid gap-4 @2xl:grid-cols-2">
        <IdleDungeonCard player={player} onUnlock={() => setBuying(DungeonBoost.Unlocked)} />
        <ManualStartCard player={player} />
      </div>
      <DungeonUpgrades rows={rows} wallet={player.loot} onBuy={(r) => setBuying(r.def.boostId)} />
      <div className="grid gap-4 @2xl:grid-cols-2">
        <DungeonPresets player={player} />
        <DungeonLootCard />
      </div>
      {row ? (
        <PurchaseDialog row={row} wallet={player.loot} onClose={() => setBuying(null)} />
      ) : null}
    </div>
  );
}
