import {
  beltCapacity,
  brewCost,
  lootById,
  MAX_BREW_AMOUNT,
  POTION_DURATION_TICKS,
  POTION_MISMATCH_WARNING,
  POTIONS,
  type PotionDef,
  potionEffect,
  potionMismatch,
  potionRunningOut,
} from "@manaspire/game";
import type { PlayerState, ServerPayload } from "@manaspire/protocol";
import { useState } from "react";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { cx } from "../../lib/cx";
import { useLocalValue } from "../../lib/localValue";
import { parseWholeAmount } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { type BrewSetting, brewSettings, settingOf } from "./brewSettings";
import { PotionFlask } from "./PotionFlask";
import { effectText, herbNames, potionName, ticksText } from "./potionView";

type Potions = ServerPayload<"potions">;

/** The potions tab: active potions, the belt, and the brewing section (spec 001 sections 5, 9). */
export function PotionsTab() {
  const player = useGameStore((s) => s.player);
  const potions = useGameStore((s) => s.companions.potions);
  if (!player || !potions) return <div className="skeleton h-48 w-full" aria-busy="true" />;
  return (
    <div className="space-y-4">
      <ActivePotions player={player} potions={potions} />
      <Belt player={player} potions={potions} />
      <Brewing player={player} potions={potions} />
    </div>
  );
}

function ActivePotions({ player, potions }: { player: PlayerState; potions: Potions }) {
  const belt = potions.belt.map((b) => ({
    ...b,
    amount: b.amount ?? 0,
    autoConsume: b.autoConsume,
  }));
  return (
    <section className="panel p-4" aria-label="Active potions" data-testid="active-potions">
      <h2 className="panel-title mb-2">Active</h2>
      {potions.active.length === 0 ? (
        <p className="text-sm text-ink-muted">No potion is active. Drink one from your belt.</p>
      ) : (
        <ul className="space-y-2">
          {potions.active.map((a) => {
            const ticks = a.ticksRemaining ?? 0;
            const warn = potionRunningOut({ boost: a.boost, tier: a.tier, ticks }, belt);
            const mismatch = potionMismatch(a.boost, player.actionType);
            return (
              <li key={a.boost} className="rounded-lg border border-edge/70 bg-night-950/50 p-3">
                <div className="flex items-center gap-3">
                  <PotionFlask boost={a.boost} className="size-7" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">
                      {potionName(a.boost)} <span className="text-ink-muted">tier {a.tier}</span>
                    </p>
                    <p className="text-xs text-ink-muted">
                      {effectText(a.boost, potionEffect(a.boost, a.tier, player.totalBoosts))} ·{" "}
                      {ticksText(ticks)} left
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost h-8 px-3 py-0 text-xs"
                    onClick={() => send("brewDiscardPotion", { boost: a.boost, active: true })}
                  >
                    End
                  </button>
                </div>
                <ProgressBar ratio={ticks / POTION_DURATION_TICKS} className="mt-2 h-1.5" />
                {warn ? (
                  <p className="mt-1 text-xs font-semibold text-gold">
                    Under 200 ticks left and none in your belt: brew more.
                  </p>
                ) : null}
                {mismatch ? (
                  <p className="mt-1 text-xs text-danger">{POTION_MISMATCH_WARNING}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Belt({ player, potions }: { player: PlayerState; potions: Potions }) {
  const capacity = beltCapacity(player.totalBoosts);
  const used = potions.belt.reduce((n, b) => n + (b.amount ?? 0), 0);
  const [upgrading, setUpgrading] = useState<Record<number, string>>({});
  return (
    <section className="panel p-4" aria-label="Potion belt" data-testid="potion-belt">
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="panel-title">Belt</h2>
        <span className="text-xs text-ink-muted tabular-nums">
          {used} / {capacity} potions
        </span>
      </div>
      {potions.belt.length === 0 ? (
        <p className="text-sm text-ink-muted">Your belt is empty. Brew potions below.</p>
      ) : (
        <ul className="space-y-2">
          {potions.belt.map((b) => {
            const active = potions.active.some((a) => a.boost === b.boost);
            const tierText = upgrading[b.boost] ?? String(b.tier + 1);
            return (
              <li
                key={b.boost}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-edge/70 bg-night-950/50 p-3"
                data-testid={`belt-${b.boost}`}
              >
                <PotionFlask boost={b.boost} className="size-7" />
                <div className="min-w-32 flex-1">
                  <p className="font-semibold text-ink">
                    {b.amount} × {potionName(b.boost)}{" "}
                    <span className="text-ink-muted">tier {b.tier}</span>
                  </p>
                  <label className="mt-1 flex items-center gap-2 text-xs text-ink-muted">
                    <input
                      type="checkbox"
                      checked={b.autoConsume}
                      onChange={(e) =>
                        send("setPotionAutoConsume", {
                          boost: b.boost,
                          autoConsume: e.target.checked,
                        })
                      }
                    />
                    AutoConsume
                    {b.boost === 105 ? " when actions run out" : " when the active one ends"}
                  </label>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className="btn btn-primary h-8 px-3 py-0 text-xs"
                    disabled={active}
                    title={active ? "One is active already" : undefined}
                    onClick={() => send("drinkPotion", { boost: b.boost })}
                  >
                    Drink
                  </button>
                  <input
                    className="field h-8 w-20 py-0 text-xs"
                    aria-label={`Upgrade ${potionName(b.boost)} to tier`}
                    value={tierText}
                    inputMode="numeric"
                    onChange={(e) => setUpgrading({ ...upgrading, [b.boost]: e.target.value })}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost h-8 px-3 py-0 text-xs"
                    onClick={() =>
                      send("brewUpgradePotion", {
                        boost: b.boost,
                        tier: parseWholeAmount(tierText),
                      })
                    }
                  >
                    Upgrade
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost h-8 px-3 py-0 text-xs text-danger"
                    onClick={() => send("brewDiscardPotion", { boost: b.boost, active: false })}
                  >
                    Discard
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Brewing({ player, potions }: { player: PlayerState; potions: Potions }) {
  const settings = useLocalValue(brewSettings);
  const update = (boost: number, patch: Partial<BrewSetting>) =>
    brewSettings.set({ ...settings, [boost]: { ...settingOf(settings, boost), ...patch } });
  return (
    <section aria-label="Brewing" data-testid="brewing">
      <h2 className="panel-title mb-2 px-1">Brewing</h2>
      <ul className="grid gap-3 @2xl:grid-cols-2">
        {POTIONS.map((def) => (
          <BrewCard
            key={def.boost}
            def={def}
            player={player}
            stack={potions.belt.find((b) => b.boost === def.boost)}
            setting={settingOf(settings, def.boost)}
            onChange={(patch) => update(def.boost, patch)}
          />
        ))}
      </ul>
    </section>
  );
}

function BrewCard({
  def,
  player,
  stack,
  setting,
  onChange,
}: {
  def: PotionDef;
  player: PlayerState;
  stack: Potions["belt"][number] | undefined;
  setting: BrewSetting;
  onChange: (patch: Partial<BrewSetting>) => void;
}) {
  const [tierText, setTierText] = useState(String(setting.tier || 1));
  const [amountText, setAmountText] = useState(String(setting.amount));
  const tier = Math.min(def.maxTier, parseWholeAmount(tierText));
  const amount = Math.min(MAX_BREW_AMOUNT, parseWholeAmount(amountText));
  const cost = brewCost(def.boost, tier, amount);
  const short = cost.some((c) => (player.loot[c.lootId] ?? 0) < c.amount);
  const mismatch = potionMismatch(def.boost, player.actionType);
  const clash = stack !== undefined && (stack.amount ?? 0) > 0 && stack.tier !== tier;
  const can = tier > 0 && amount > 0 && !short && !clash;
  const name = `brew-${def.boost}`;
  return (
    <li className="panel flex flex-col gap-3 p-4" data-testid={name}>
      <div className="flex items-start gap-3">
        <PotionFlask boost={def.boost} className="size-8" />
        <div className="min-w-0">
          <h3 className="font-display font-bold text-ink">{def.name}</h3>
          <p className="text-xs text-ink-muted">
            Per tier: {def.perTier}. From {herbNames(def)}.
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs font-semibold text-ink-muted">
          Tier (1-{def.maxTier.toLocaleString("en")})
          <input
            className="field mt-1"
            inputMode="numeric"
            value={tierText}
            onChange={(e) => {
              setTierText(e.target.value);
              onChange({ tier: Math.min(def.maxTier, parseWholeAmount(e.target.value)) });
            }}
          />
        </label>
        <label className="text-xs font-semibold text-ink-muted">
          Amount (0-{MAX_BREW_AMOUNT})
          <input
            className="field mt-1"
            inputMode="numeric"
            value={amountText}
            onChange={(e) => {
              setAmountText(e.target.value);
              onChange({ amount: Math.min(MAX_BREW_AMOUNT, parseWholeAmount(e.target.value)) });
            }}
          />
        </label>
      </div>
      <p className="text-xs text-ink-muted">
        Each:{" "}
        <b className="text-ink">
          {effectText(def.boost, potionEffect(def.boost, tier, player.totalBoosts))}
        </b>
        {def.boost === 105 ? "" : " for 1 hour"}. Cost:{" "}
        {cost.map((c, i) => {
          const herb = lootById(c.lootId);
          const enough = (player.loot[c.lootId] ?? 0) >= c.amount;
          return (
            <span key={c.lootId}>
              {i > 0 ? " + " : ""}
              <Num
                value={c.amount}
                className={cx("font-semibold", enough ? "text-ink" : "text-danger")}
              />{" "}
              <span className={rarityClass(herb?.rarity ?? 0)}>{herb?.name}</span>
            </span>
          );
        })}
      </p>
      {mismatch ? <p className="text-xs text-danger">{POTION_MISMATCH_WARNING}</p> : null}
      {clash ? (
        <p className="text-xs text-gold">
          Your belt holds tier {stack?.tier}: upgrade or discard those first.
        </p>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-xs text-ink-muted">
          <input
            type="checkbox"
            checked={setting.autoConsume}
            onChange={(e) => onChange({ autoConsume: e.target.checked })}
          />
          AutoConsume
        </label>
        <button
          type="button"
          className="btn btn-primary h-8 px-3 py-0 text-xs"
          disabled={!can}
          onClick={() =>
            send("brewPotion", { boost: def.boost, tier, amount, autoConsume: setting.autoConsume })
          }
        >
          Brew {def.name}
        </button>
      </div>
    </li>
  );
}
