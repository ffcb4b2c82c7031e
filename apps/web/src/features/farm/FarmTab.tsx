import { FARM_HERBS, FARM_UPKEEP_PER_HERB, LootId, lootById } from "@manaspire/game";
import { Link } from "react-router";
import { FarmIcon } from "../../components/icons/placeIcons";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { farmView, timeLeft } from "./farmModel";
import { useNow } from "./useNow";

/** The farm tab: growth, what a collection gives and costs, the herbs held, the last harvest. */
export function FarmTab() {
  const player = useGameStore((s) => s.player);
  const clock = useGameStore((s) => s.companions.farm);
  const last = useGameStore((s) => s.companions.lastHarvest);
  const now = useNow(1000);
  if (!player || !clock) {
    return <div className="skeleton h-48 w-full" aria-busy="true" />;
  }
  const view = farmView(clock, player.totalBoosts, now);
  const { status } = view;
  const dust = player.loot[LootId.ManaDust] ?? 0;
  const b = player.totalBoosts;

  return (
    <div className="space-y-4">
      <section className="panel overflow-hidden" aria-label="Herb farm" data-testid="farm-status">
        <div className="flex items-start gap-4 p-4 sm:items-center">
          <div
            className={cx(
              "grid size-12 shrink-0 place-items-center rounded-2xl border bg-linear-to-br sm:size-16",
              status.fullyGrown
                ? "border-success/60 from-success/30 to-night-900 text-success"
                : "border-edge from-primary/25 to-night-900 text-gold",
            )}
          >
            <FarmIcon className="size-7 sm:size-9" />
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="font-display text-lg font-bold text-ink">
              {status.fullyGrown
                ? "Fully grown"
                : status.collectable
                  ? "Ready to collect"
                  : "Growing"}
            </h2>
            <p className="text-sm text-ink-muted" data-testid="farm-timer">
              {status.fullyGrown
                ? "Your herbs stopped growing after 24 hours. Collect them to plant again."
                : status.collectable
                  ? `Still growing for ${timeLeft(view.fullInMs)}; you can collect now.`
                  : `Ready to collect in ${timeLeft(view.readyInMs)}.`}
            </p>
            <ProgressBar ratio={view.grownRatio} className="mt-2 h-2" />
            <p className="mt-1 flex justify-between text-[0.7rem] text-ink-faint">
              <span>Planted</span>
              <span>3 h: first harvest</span>
              <span>24 h: full</span>
            </p>
          </div>
        </div>
        <div className="grid gap-3 border-t border-edge/70 bg-night-950/40 p-4 sm:grid-cols-3">
          <Figure label="Herbs ready" testId="farm-herbs">
            <Num value={status.herbs} />
          </Figure>
          <Figure label="Upkeep on collection">
            <Num value={status.upkeep} /> <span className="text-xs text-ink-muted">Mana Dust</span>
          </Figure>
          <Figure label="Yield">
            {view.yieldPerHour.toFixed(2)}{" "}
            <span className="text-xs text-ink-muted">herbs / hour</span>
          </Figure>
        </div>
        <div className="flex flex-col gap-3 border-t border-edge/70 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-ink-muted">
            Upkeep is {FARM_UPKEEP_PER_HERB.toLocaleString("en")} Mana Dust per herb, paid at
            collection. Short of dust, you go into debt (down to{" "}
            <Num value={-view.debtLimit} className="font-semibold text-danger" />
            ); herbs past that wither.
            {dust < 0 ? (
              <span className="mt-1 block font-semibold text-danger">
                You owe <Num value={-dust} /> Mana Dust.
              </span>
            ) : null}
          </p>
          <button
            type="button"
            className="btn btn-primary shrink-0"
            disabled={!status.collectable}
            onClick={() => send("collectFarm", {})}
          >
            <FarmIcon className="size-4" />
            Collect
          </button>
        </div>
      </section>

      <section className="panel p-4" aria-label="Herbs">
        <h2 className="panel-title mb-2">Your herbs</h2>
        <ul className="grid grid-cols-3 gap-2">
          {FARM_HERBS.map((id) => {
            const def = lootById(id);
            return (
              <li key={id} className="rounded-lg border border-edge/70 bg-night-950/50 px-3 py-2">
                <p className={cx("text-xs font-semibold", rarityClass(def?.rarity ?? 0))}>
                  {def?.name}
                </p>
                <p className="font-bold text-ink tabular-nums" data-testid={`herb-${id}`}>
                  <Num value={player.loot[id] ?? 0} />
                </p>
              </li>
            );
          })}
        </ul>
        {last ? (
          <p className="mt-3 text-sm text-ink-muted" data-testid="farm-last-harvest">
            Last harvest{last.auto ? " (auto-collected)" : ""}:{" "}
            {FARM_HERBS.map((id) => `${last.herbs[id] ?? 0} ${lootById(id)?.name}`).join(", ")} for{" "}
            <Num value={last.upkeep} /> Mana Dust
            {last.withered > 0 ? `; ${last.withered} withered` : ""}.
          </p>
        ) : null}
      </section>

      <section className="panel p-4 text-sm text-ink-muted" aria-label="Farm upgrades">
        <h2 className="panel-title mb-2">Upgrades</h2>
        <p>
          Harvest Golem <b className="text-ink">{b[130] ?? 0}</b>, Fertilizer{" "}
          <b className="text-ink">{b[131] ?? 0}</b> and Plots{" "}
          <b className="text-ink">{b[132] ?? 0}</b> each raise the yield (+1% per level, exponent
          0.9); the Potion Belt holds more potions. Buy them with Mana Dust in{" "}
          <Link to="/research" className="link">
            Research, Base Power
          </Link>
          .
        </p>
        <p className="mt-2">
          With Quality of Life and Auto-collect on, the farm is collected every 3 hours, even while
          you are away.
        </p>
      </section>
    </div>
  );
}

function Figure({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <p className="text-[0.65rem] font-semibold tracking-wider text-ink-faint uppercase">
        {label}
      </p>
      <p className="font-bold text-ink tabular-nums" data-testid={testId}>
        {children}
      </p>
    </div>
  );
}
