import { QOL_COST, QOL_DAYS } from "@manaspire/game";
import { useState } from "react";
import { Link } from "react-router";
import { cx } from "../../lib/cx";
import { useGameStore } from "../../store/gameStore";
import { useNow } from "../farm/useNow";
import { QoLPurchaseDialog } from "./QoLPurchaseDialog";
import { ShopCard } from "./ShopCard";
import { crystallizedOf, qolButton, timeLeft } from "./shopModel";

const PERKS = [
  "Auto join every Elemental Rift",
  "Auto siphon the Rift of Power",
  "Auto collect the farm every 3 hours",
  "Use your guild members' enchanting skills",
];

/**
 * Quality of Life (spec 001 sections 4 and 6): 5 Crystallized Mana for 30 days; the button reads
 * Purchase or Extend (from the current end) and is disabled under 5; a confirmation first.
 */
export function QualityOfLifeCard() {
  const player = useGameStore((s) => s.player);
  const now = useNow(60_000);
  const [asking, setAsking] = useState(false);
  if (!player) return null;
  const crystallized = crystallizedOf(player.loot);
  const button = qolButton(player.qolEnd, crystallized, now);

  return (
    <ShopCard id="qol" title="Quality of Life">
      <p
        className={cx(
          "rounded-lg border px-3 py-2 text-sm",
          button.expiring
            ? "border-gold/60 bg-gold/10"
            : button.active
              ? "border-success/40 bg-success/10"
              : "border-edge bg-night-950/50 text-ink-muted",
        )}
        data-testid="shop-qol-status"
      >
        {button.active
          ? `Active until ${new Date(player.qolEnd).toLocaleDateString("en", { dateStyle: "medium" })} (${timeLeft(player.qolEnd, now)} left).`
          : "Not active."}
      </p>
      <ul className="grid gap-1 text-sm text-ink-muted">
        {PERKS.map((perk) => (
          <li key={perk} className="flex gap-2">
            <span aria-hidden="true" className="text-gold">
              ✦
            </span>
            {perk}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-primary h-10 px-5 py-0"
          disabled={button.disabled}
          onClick={() => setAsking(true)}
        >
          {button.label}
        </button>
        <p className="text-xs text-ink-faint">
          {QOL_COST} Crystallized Mana for {QOL_DAYS} days; you have {crystallized}.
          {button.disabled ? (
            <>
              {" "}
              <Link to="/market" state={{ lootID: 44 }} className="link">
                Buy Crystallized Mana on the market
              </Link>
              .
            </>
          ) : null}
        </p>
      </div>
      <QoLPurchaseDialog open={asking} extending={button.active} onClose={() => setAsking(false)} />
    </ShopCard>
  );
}
