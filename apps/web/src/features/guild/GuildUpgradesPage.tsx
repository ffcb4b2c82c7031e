import {
  canBuyGuildUpgrade,
  GUILD_UPGRADE_MAX,
  GUILD_UPGRADE_NAMES,
  GuildPermission,
  type GuildUpgrade,
  guildUpgradeCost,
  lootById,
} from "@manaspire/game";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import { can, upgradeEffectNow } from "./guildModel";
import { useGuildPermissions } from "./useGuild";

/** What each level does (spec 001 section 9). */
const EFFECTS: Readonly<Record<GuildUpgrade, string>> = {
  1: "+1 member per level",
  2: "+50 armory slots per level",
  3: "+1% shard boost per level",
  4: "+1% tax resources per level",
  5: "−4% spell cost per level (compounding)",
  6: "+1% base experience per level",
  7: "+1% max actions per level",
  8: "−1% farm building cost per level (Harvest Golem, Fertilizer, Plots)",
};

const TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

function costText(cost: Record<number, number>): string {
  return Object.entries(cost)
    .map(([id, n]) => `${n.toLocaleString("en")} ${lootById(Number(id))?.name ?? id}`)
    .join(" and ");
}

/**
 * /guild/upgrades: the eight upgrades with level, effect and the next level's cost; with the
 * Upgrades permission, Mark (one may be marked next; marking it again clears it) and Buy
 * ('Confirm guild upgrade'). Only the marked one, or any when none is marked, can be bought.
 */
export function GuildUpgradesPage() {
  const guild = useGameStore((s) => s.guild.guild);
  const mask = useGuildPermissions();
  const [buying, setBuying] = useState<GuildUpgrade | null>(null);
  if (!guild) return null;
  const mayUpgrade = can(mask, GuildPermission.Upgrades);
  const marked = guild.nextUpgrade ?? null;
  const buyingCost =
    buying === null ? undefined : guildUpgradeCost(buying, (guild.upgrades[buying] ?? 0) + 1);

  return (
    <section className="panel px-4 py-4" data-testid="guild-upgrades">
      <h2 className="panel-title mb-2">Upgrades ({guild.totalUpgrades})</h2>
      <ul className="divide-y divide-edge/60">
        {TYPES.map((type) => {
          const level = guild.upgrades[type] ?? 0;
          const cost = guildUpgradeCost(type, level + 1);
          const max = GUILD_UPGRADE_MAX[type];
          const affordable =
            cost !== undefined &&
            Object.entries(cost).every(([id, n]) => (guild.funds[Number(id)] ?? 0) >= n);
          return (
            <li
              key={type}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="guild-upgrade"
            >
              <div className="min-w-0">
                <span className="font-semibold text-ink">{GUILD_UPGRADE_NAMES[type]}</span>{" "}
                <span className="text-xs text-ink-muted">
                  Level {level}
                  {max !== undefined ? ` / ${max}` : ""}
                </span>
                {marked === type ? (
                  <span className="ml-2 text-xs font-semibold text-gold">Marked next</span>
                ) : null}
                <p className="text-xs text-ink-faint">{EFFECTS[type]}</p>
                {level > 0 ? (
                  <p className="text-xs text-ink-muted" data-testid="guild-upgrade-now">
                    Now: {upgradeEffectNow(type, level)}
                  </p>
                ) : null}
                <p className="text-xs text-ink-muted">
                  {cost ? `Next level: ${costText(cost)}` : "Highest level reached"}
                </p>
              </div>
              {mayUpgrade ? (
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    onClick={() => send("markGuildUpgrade", { upgrade: type })}
                  >
                    {marked === type ? "Unmark" : "Mark"}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary h-7 px-2 text-xs"
                    disabled={!cost || !affordable || !canBuyGuildUpgrade(type, marked)}
                    onClick={() => setBuying(type)}
                  >
                    Buy
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={buying !== null}
        title="Confirm guild upgrade"
        confirmLabel="Buy"
        onCancel={() => setBuying(null)}
        onConfirm={() => {
          if (buying !== null) send("purchaseGuildUpgrade", { upgrade: buying });
          setBuying(null);
        }}
      >
        <p className="text-sm">
          {buying !== null && buyingCost
            ? `Raise ${GUILD_UPGRADE_NAMES[buying]} to level ${(guild.upgrades[buying] ?? 0) + 1} for ${costText(buyingCost)} from the guild's funds?`
            : ""}
        </p>
      </Dialog>
    </section>
  );
}
