import { lootById, MAX_INFUSIONS, type Wallet } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { useId, useState } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { formatPercent } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send } from "../../store/gameStore";
import { ItemName } from "../items/ItemCard";
import { OrbIcon, SparkIcon } from "../items/itemIcons";
import type { PendingUpgrade } from "./pendingUpgrade";
import {
  type Cost,
  infusionPlan,
  maxAffordableTier,
  type OrbOption,
  orbOptions,
  parseTier,
} from "./upgradeModel";

export interface UpgradesTabProps {
  item: Item;
  wallet: Wallet;
  onConfirm: (pending: PendingUpgrade) => void;
}

/** Orbs of power, chaos, divinity, perfection, the mythic ascension, and infusion. */
export function UpgradesTab({ item, wallet, onConfirm }: UpgradesTabProps) {
  const orbs = orbOptions(item, wallet);
  return (
    <div className="space-y-4">
      <ul className="grid gap-3 @xl:grid-cols-2">
        {orbs.map((orb) => (
          <OrbCard
            key={orb.key}
            orb={orb}
            item={item}
            onUse={() =>
              onConfirm({
                body: (
                  <>
                    Spend <CostList costs={orb.costs} inline /> on <ItemName item={item} />?{" "}
                    {orb.description}
                  </>
                ),
                confirmLabel: `Use ${orb.title}`,
                run: () => send(orb.message, { id: item.id }),
              })
            }
          />
        ))}
      </ul>
      <InfusionCard key={item.infusions} item={item} wallet={wallet} onConfirm={onConfirm} />
    </div>
  );
}

function CostList({ costs, inline = false }: { costs: readonly Cost[]; inline?: boolean }) {
  if (inline) {
    return (
      <>
        {costs.map((c, i) => (
          <span key={c.lootId}>
            {i > 0 ? " and " : ""}
            <Num value={c.amount} className="font-semibold text-ink" />{" "}
            <span className={cx("font-semibold", rarityClass(lootById(c.lootId)?.rarity ?? 0))}>
              {c.name}
            </span>
          </span>
        ))}
      </>
    );
  }
  return (
    <ul className="space-y-0.5 text-xs">
      {costs.map((c) => (
        <li key={c.lootId} className="flex items-baseline justify-between gap-2">
          <span className={cx("font-semibold", rarityClass(lootById(c.lootId)?.rarity ?? 0))}>
            {c.name}
          </span>
          <span className="tabular-nums">
            <Num
              value={c.held}
              className={
                c.held >= c.amount ? "font-semibold text-ink" : "font-semibold text-danger"
              }
            />
            <span className="text-ink-faint"> / </span>
            <Num value={c.amount} className="text-ink-muted" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function OrbCard({ orb, item, onUse }: { orb: OrbOption; item: Item; onUse: () => void }) {
  const main = orb.costs[0];
  const tone = rarityClass(lootById(main?.lootId ?? 0)?.rarity ?? 0);
  return (
    <li className="panel flex flex-col gap-3 px-4 py-3.5" data-testid={`orb-${orb.key}`}>
      <div className="flex items-start gap-3">
        <span
          className={cx(
            "grid size-10 shrink-0 place-items-center rounded-full border border-edge-bright bg-night-700 shadow-[0_0_18px_-6px_currentColor]",
            tone,
          )}
        >
          <OrbIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-sm font-bold text-ink">{orb.title}</h3>
          <p className="text-xs text-ink-muted">{orb.description}</p>
        </div>
      </div>
      {orb.key === "power" ? (
        <p className="text-xs text-ink-faint">
          Chance to improve a roll:{" "}
          <span className="font-semibold text-ink tabular-nums">
            {formatPercent(item.upgradeChance)}
          </span>
        </p>
      ) : null}
      <div className="mt-auto flex items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <CostList costs={orb.costs} />
          {orb.blocked ? <p className="mt-1 text-[0.7rem] text-danger/90">{orb.blocked}</p> : null}
        </div>
        <button
          type="button"
          className="btn btn-primary h-9 shrink-0 px-4 py-0"
          disabled={orb.blocked !== null}
          title={orb.blocked ?? undefined}
          onClick={onUse}
        >
          Use
        </button>
      </div>
    </li>
  );
}

function InfusionCard({ item, wallet, onConfirm }: UpgradesTabProps) {
  const full = item.infusions >= MAX_INFUSIONS;
  const [text, setText] = useState(() => String(Math.min(MAX_INFUSIONS, item.infusions + 1)));
  const tierId = useId();
  const plan = infusionPlan(item, parseTier(text), wallet);
  const maxTier = maxAffordableTier(item, wallet);
  const setTier = (tier: number) =>
    setText(String(Math.min(MAX_INFUSIONS, Math.max(0, Math.floor(tier)))));

  return (
    <section className="panel px-4 py-4 sm:px-5" data-testid="infusion" aria-labelledby={tierId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full border border-gold/50 bg-gold/10 text-gold">
            <SparkIcon className="size-5" />
          </span>
          <div>
            <h3 id={tierId} className="font-display text-sm font-bold text-ink">
              Infusion
            </h3>
            <p className="text-xs text-ink-muted">
              Each tier adds 5% to every rolled modifier. Tiers 0–{MAX_INFUSIONS}.
            </p>
          </div>
        </div>
        <p className="text-sm text-ink-muted">
          Tier <span className="font-bold text-gold tabular-nums">{item.infusions}</span>
          <span className="text-ink-faint"> · ×{plan.before.toFixed(2)}</span>
        </p>
      </div>

      {full ? (
        <p className="mt-3 text-sm text-gold">This item is fully infused.</p>
      ) : (
        <div className="mt-4 grid gap-4 @xl:grid-cols-[minmax(0,1fr)_auto]">
          <div>
            <label
              htmlFor={`${tierId}-input`}
              className="mb-1.5 block text-xs font-semibold text-ink-muted"
            >
              Infuse to tier
            </label>
            <div className="flex items-center gap-2">
              <button
                type="button"
                className="btn size-9 shrink-0 p-0 text-lg"
                aria-label="Lower tier"
                disabled={plan.tier <= item.infusions + 1}
                onClick={() => setTier(plan.tier - 1)}
              >
                −
              </button>
              <input
                id={`${tierId}-input`}
                className="field h-9 w-20 shrink-0 py-0 text-center font-semibold tabular-nums"
                inputMode="numeric"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                onBlur={() => setTier(parseTier(text))}
              />
              <button
                type="button"
                className="btn size-9 shrink-0 p-0 text-lg"
                aria-label="Raise tier"
                disabled={plan.tier >= MAX_INFUSIONS}
                onClick={() => setTier(plan.tier + 1)}
              >
                +
              </button>
              <button
                type="button"
                className="btn h-9 shrink-0 px-3 py-0 text-xs"
                disabled={maxTier <= item.infusions}
                title="Highest tier your mana dust pays for"
                onClick={() => setTier(maxTier)}
              >
                Max
              </button>
            </div>
            <input
              type="range"
              min={0}
              max={MAX_INFUSIONS}
              value={plan.tier}
              aria-label="Infusion tier"
              className="mt-3 w-full accent-gold"
              onChange={(event) => setTier(Number(event.target.value))}
            />
          </div>
          <div className="flex flex-col justify-between gap-3 rounded-lg border border-edge/70 bg-night-950/45 px-3 py-2.5 text-sm @xl:w-56">
            <dl className="space-y-1">
              <div className="flex justify-between gap-3">
                <dt className="text-ink-muted">Cost</dt>
                <dd className="font-semibold text-ink tabular-nums" data-testid="infusion-cost">
                  <Num value={plan.cost} /> <span className="rarity-1 text-xs">Mana Dust</span>
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-ink-muted">You have</dt>
                <dd
                  className={cx(
                    "font-semibold tabular-nums",
                    plan.manaDust >= plan.cost ? "text-ink" : "text-danger",
                  )}
                >
                  <Num value={plan.manaDust} />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-ink-muted">Power</dt>
                <dd className="font-semibold text-success tabular-nums">
                  ×{plan.before.toFixed(2)} → ×{plan.after.toFixed(2)}
                </dd>
              </div>
            </dl>
            {plan.blocked ? <p className="text-[0.7rem] text-danger/90">{plan.blocked}</p> : null}
            <button
              type="button"
              className="btn btn-primary"
              disabled={plan.blocked !== null}
              onClick={() =>
                onConfirm({
                  body: (
                    <>
                      Infuse <ItemName item={item} /> from tier {item.infusions} to tier{" "}
                      <span className="font-semibold text-gold">{plan.tier}</span> for{" "}
                      <Num value={plan.cost} className="font-semibold text-ink" /> Mana Dust?
                    </>
                  ),
                  confirmLabel: "Infuse",
                  run: () => send("infuseItem", { id: item.id, tier: plan.tier }),
                })
              }
            >
              Infuse
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
