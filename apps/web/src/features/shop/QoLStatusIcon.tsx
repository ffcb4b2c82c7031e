import { LootId, QOL_COST } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PremiumIcon } from "../../components/icons/placeIcons";
import { Tooltip } from "../../components/Tooltip";
import { QoLPurchaseDialog } from "./QoLPurchaseDialog";
import { crystallizedOf, qolButton, timeLeft } from "./shopModel";

/**
 * The status icon "Quality of Life expiring" (spec 000 section 2): within its last 3 days, with
 * an Extend button. Extend needs 5 Crystallized Mana; with less it opens the market on
 * Crystallized Mana, otherwise it asks for confirmation (spec 000 section 5).
 */
export function QoLStatusIcon({ player, now }: { player: PlayerState; now: number }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const state = qolButton(player.qolEnd, crystallizedOf(player.loot), now);
  if (!state.expiring) return null;
  const extend = () => {
    if (crystallizedOf(player.loot) < QOL_COST) {
      navigate("/market", { state: { lootID: LootId.CrystallizedMana } });
    } else setAsking(true);
  };
  return (
    <li className="flex items-center gap-1" data-testid="status-qol">
      <Tooltip
        content={`Quality of Life ends in ${timeLeft(player.qolEnd, now)}. Extend it for ${QOL_COST} Crystallized Mana.`}
      >
        <span
          role="img"
          aria-label={`Quality of Life expiring in ${timeLeft(player.qolEnd, now)}`}
          className="grid size-8 place-items-center rounded-lg border border-gold bg-gold/10 text-gold animate-pulse-soft"
        >
          <PremiumIcon className="size-5" />
        </span>
      </Tooltip>
      <button
        type="button"
        onClick={extend}
        className="flex h-8 items-center rounded-lg border border-gold/60 bg-night-950/60 px-2 text-xs text-gold hover:border-gold"
      >
        Extend
      </button>
      <QoLPurchaseDialog open={asking} extending onClose={() => setAsking(false)} />
    </li>
  );
}
