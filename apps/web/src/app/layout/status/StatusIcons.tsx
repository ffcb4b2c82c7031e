import {
  DungeonBoost,
  maxAffordable,
  potionPulses,
  potionRunningOut,
  researchCost,
} from "@manaspire/game";
import { Link, useNavigate } from "react-router";
import { FarmIcon, PetsIcon } from "../../../components/icons/placeIcons";
import { RefreshIcon } from "../../../components/icons/uiIcons";
import { Tooltip } from "../../../components/Tooltip";
import { idleView } from "../../../features/dungeon/dungeonModel";
import { quickBrew } from "../../../features/farm/farmActions";
import { farmView } from "../../../features/farm/farmModel";
import { PotionFlask } from "../../../features/farm/PotionFlask";
import { potionName, ticksText } from "../../../features/farm/potionView";
import { useNow } from "../../../features/farm/useNow";
import { QoLStatusIcon } from "../../../features/shop/QoLStatusIcon";
import { cx } from "../../../lib/cx";
import { send, useGameStore } from "../../../store/gameStore";

/**
 * The status panel's icons (spec 000 section 2): the farm when fully grown (checked every 3 s),
 * Quality of Life in its last 3 days (with Extend), and the potion status with its re-brew
 * button: each active potion's flask, pulsing in its last 10 minutes and warning under 200 ticks
 * when the belt has none of its kind; the pet that wants more dust when the idle dungeons are
 * finished (spec 000 section 5): a click buys the dungeon unlocks the queue has room for and the
 * Mana Dust pays (or opens the hub).
 */
export function StatusIcons() {
  const player = useGameStore((s) => s.player);
  const clock = useGameStore((s) => s.companions.farm);
  const potions = useGameStore((s) => s.companions.potions);
  const navigate = useNavigate();
  const now = useNow(3000);
  if (!player) return null;
  const grown = clock ? farmView(clock, player.totalBoosts, now).status.fullyGrown : false;
  const belt = (potions?.belt ?? []).map((b) => ({ ...b, amount: b.amount ?? 0 }));
  const active = potions?.active ?? [];
  const dungeons = idleView(player);
  const unlocks = dungeons.prompt
    ? maxAffordable(DungeonBoost.Unlocked, dungeons.unlocked, player.loot, {
        dungeonUnlockCap: dungeons.cap,
      })
    : 0;

  return (
    <ul
      // One row of icons tall even before the potions' state arrives (no layout shift).
      className="flex min-h-11 flex-wrap items-center gap-1.5 px-3 pb-3"
      aria-label="Status"
      data-testid="status-icons"
    >
      {grown ? (
        <li>
          <Tooltip content="Your farm is fully grown. Collect it!">
            <Link
              to="/farm"
              aria-label="Farm fully grown"
              data-testid="status-farm"
              className="grid size-8 place-items-center rounded-lg border border-success/60 bg-success/15 text-success animate-pulse-soft"
            >
              <FarmIcon className="size-5" />
            </Link>
          </Tooltip>
        </li>
      ) : null}
      {dungeons.prompt ? (
        <li>
          <Tooltip
            content={
              unlocks > 0
                ? `Your familiar wants more dust: unlock ${unlocks} more ${unlocks === 1 ? "dungeon" : "dungeons"} for ${(researchCost(DungeonBoost.Unlocked, dungeons.unlocked, unlocks, { dungeonUnlockCap: dungeons.cap })[0]?.cost ?? 0).toLocaleString("en-US")} Mana Dust.`
                : "Your familiar wants more dust to unlock dungeons: gather Mana Dust."
            }
          >
            <button
              type="button"
              aria-label="Buy dungeon unlock"
              data-testid="status-dungeon-unlock"
              onClick={() =>
                unlocks > 0
                  ? send("purchaseBoost", { boost: DungeonBoost.Unlocked, amount: unlocks })
                  : navigate("/dungeon-shop")
              }
              className="grid size-8 place-items-center rounded-lg border border-gold/60 bg-gold/15 text-gold animate-pulse-soft"
            >
              <PetsIcon className="size-5" />
            </button>
          </Tooltip>
        </li>
      ) : null}
      <QoLStatusIcon player={player} now={now} />
      {active.map((a) => {
        const ticks = a.ticksRemaining ?? 0;
        const state = { boost: a.boost, tier: a.tier, ticks };
        const warn = potionRunningOut(state, belt);
        const stack = belt.find((b) => b.boost === a.boost);
        return (
          <li key={a.boost}>
            <Tooltip
              content={
                <span>
                  {potionName(a.boost)} tier {a.tier}: {ticksText(ticks)} left.
                  {stack ? ` ${stack.amount} more in your belt.` : ""}
                  {warn ? " Running out and your belt has none: brew more." : ""}
                </span>
              }
            >
              <Link
                to="/farm?tab=potions"
                aria-label={`${potionName(a.boost)} potion, ${ticks} ticks left${warn ? ", running out" : ""}`}
                data-testid={`status-potion-${a.boost}`}
                data-warn={warn ? "true" : undefined}
                className={cx(
                  "relative grid size-8 place-items-center rounded-lg border bg-night-950/60",
                  warn ? "border-gold text-gold" : "border-edge text-ink-muted",
                  potionPulses(state) && "animate-pulse-soft",
                )}
              >
                <PotionFlask boost={a.boost} />
                {warn ? (
                  <span className="absolute -top-1 -right-1 size-2.5 rounded-full bg-gold" />
                ) : null}
              </Link>
            </Tooltip>
          </li>
        );
      })}
      {potions ? (
        <li>
          <Tooltip content="Re-brew: brews the amounts of your brewing section for this action.">
            <button
              type="button"
              aria-label="Re-brew potions"
              data-testid="status-rebrew"
              onClick={() => quickBrew(() => navigate("/farm?tab=potions"))}
              className="flex h-8 items-center gap-1 rounded-lg border border-edge bg-night-950/60 px-2 text-xs text-ink-muted hover:border-edge-bright hover:text-ink"
            >
              {active.length === 0 ? <PotionFlask boost={0} className="size-4" /> : null}
              <RefreshIcon className="size-3.5" />
              Re-brew
            </button>
          </Tooltip>
        </li>
      ) : null}
    </ul>
  );
}
