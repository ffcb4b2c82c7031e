import type { Element } from "@manaspire/game";
import { ElementBadge } from "../../components/ElementBadge";
import { EventIcon } from "../../components/icons/placeIcons";
import {
  BattleIcon,
  FishingIcon,
  MiningIcon,
  WoodcuttingIcon,
} from "../../components/icons/skillIcons";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";
import { StatBar } from "../../components/StatBar";
import { cx } from "../../lib/cx";
import { formatPercent } from "../../lib/numbers";
import type { EventsState } from "../../store/slices/events";
import { eventActions } from "./eventActions";
import { buffViews, contribution, RIFT_ACTIONS } from "./eventModel";

type Rift = NonNullable<EventsState["rift"]>;

const ACTION_ICONS = {
  1: BattleIcon,
  2: MiningIcon,
  3: FishingIcon,
  4: WoodcuttingIcon,
} as const;

/**
 * The Elemental Rift's event view (spec 000 "Elemental Rift screen"): the boss (health, ward
 * strength, bosses defeated), the Battle, Mine, Fish and Woodcut buttons, the player's
 * contribution and the three event buffs. 'Waiting for event to start...' until the first
 * boss.
 */
export function RiftView({ rift, ticks }: { rift: Rift; ticks: number }) {
  if (rift.bossNumber === 0) {
    return (
      <section
        className="panel grid min-h-48 place-items-center content-center px-6 py-10 text-center"
        aria-live="polite"
        data-testid="rift-waiting"
      >
        <EventIcon className="size-10 animate-pulse-soft text-gold" />
        <p className="mt-3 font-display text-lg font-bold text-ink">
          Waiting for event to start...
        </p>
      </section>
    );
  }
  const buffs = buffViews(rift);
  return (
    <div className="space-y-4" data-testid="rift-view">
      <section className="panel relative overflow-hidden px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div>
            <p className="font-display text-[0.7rem] font-bold tracking-[0.16em] text-gold uppercase">
              Elemental Rift{rift.ended ? " · Ended" : ` · ${ticks} ticks left`}
            </p>
            <h2
              className="text-glow text-xl font-bold text-ink sm:text-2xl"
              data-testid="rift-boss"
            >
              Rift Guardian {rift.bossNumber}
            </h2>
          </div>
          <ElementBadge element={rift.bossElement as Element} />
        </div>
        <StatBar
          className="mt-3"
          label="Boss health"
          value={rift.bossHealth}
          max={rift.bossMaxHealth}
          tone="enemy"
        />
        <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
          <Fact label="Ward strength" value={formatPercent(rift.bossWardStrength)} />
          <Fact label="Bosses defeated" value={<Num value={rift.bossesDefeated} />} />
          <Fact label="Damage by all" value={<Num value={rift.totalDamage} />} />
        </dl>
        <p className="mt-3 text-sm text-ink" data-testid="rift-contribution">
          {contribution(rift)}
        </p>
      </section>

      {rift.ended ? null : (
        <section className="panel px-4 py-3" aria-label="Your action in the rift">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RIFT_ACTIONS.map((a) => {
              const Icon = ACTION_ICONS[a.actionType];
              const on = rift.actionType === a.actionType;
              return (
                <button
                  key={a.actionType}
                  type="button"
                  aria-pressed={on}
                  className={cx("btn", on ? "btn-primary" : "btn-ghost border border-edge")}
                  onClick={() => eventActions.setAction(a.actionType)}
                >
                  <Icon className="size-4" />
                  {a.label}
                </button>
              );
            })}
          </div>
          {rift.actionType === 1 && rift.attacks > 0 ? (
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3 md:grid-cols-6">
              <Fact label="Damage" value={<Num value={rift.damageDone} />} />
              <Fact label="Casts" value={<Num value={rift.casts} />} />
              <Fact label="Crits" value={<Num value={rift.crits} />} />
              <Fact label="Mana spent" value={<Num value={rift.manaSpent} />} />
              <Fact label="No mana" value={<Num value={rift.manaShortage} />} />
              <Fact
                label="Mana"
                value={
                  <>
                    <Num value={rift.manaRemaining} /> / <Num value={rift.maxMana} />
                  </>
                }
              />
            </dl>
          ) : null}
        </section>
      )}

      <section className="panel px-4 py-3" aria-label="Event buffs">
        <h2 className="panel-title mb-2">Event buffs</h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {buffs.map((b) => (
            <li key={b.key} data-testid={`rift-buff-${b.key}`}>
              <p className="flex justify-between gap-2 text-xs">
                <span className="font-semibold text-ink">{b.name}</span>
                <span className="text-gold">Lv {b.level}</span>
              </p>
              <p className="text-[0.7rem] text-ink-muted">{b.effect}</p>
              <ProgressBar ratio={b.progress} className="mt-1" />
              <p className="mt-0.5 text-[0.65rem] text-ink-faint">
                <Num value={b.amount} /> / <Num value={b.next} />
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-night-950/50 px-2 py-1.5">
      <dt className="text-[0.62rem] tracking-wider text-ink-faint uppercase">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
