import { type Element, enemyElement, magicAdvantage } from "@manaspire/game";
import type { BattleResult, PlayerState } from "@manaspire/protocol";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ElementBadge } from "../../components/ElementBadge";
import { BattleIcon } from "../../components/icons/skillIcons";
import { Num } from "../../components/Num";
import { StatBar } from "../../components/StatBar";
import { Tooltip } from "../../components/Tooltip";
import { cx } from "../../lib/cx";
import { formatPercent } from "../../lib/numbers";
import { resultKey } from "../../lib/resultKey";
import { LootList } from "../loot/LootList";
import { SceneHeader } from "../main/SceneHeader";
import { WaitingCard } from "../main/WaitingCard";
import { ActivePets } from "../pets/ActivePets";
import { battleZoneOf } from "../town/townPlaces";
import { battleOutcomeText, battleStatRows } from "./battleText";

/** Opened now and then: its own chunk, loaded on the first opening. */
const EnemySelectDialog = lazy(async () => ({
  default: (await import("./EnemySelectDialog")).EnemySelectDialog,
}));

export interface BattleViewProps {
  playerName: string;
  player: PlayerState;
  result: BattleResult | null;
}

/** Main view in battle: the current enemy, then the latest battle result (spec 000 "Main view"). */
export function BattleView({ playerName, player, result }: BattleViewProps) {
  const [choosing, setChoosing] = useState(false);
  const zone = battleZoneOf(player.zone);
  const element = enemyElement(player.enemy);
  const advantage = magicAdvantage(player.magicType as Element, element);

  return (
    <div className="space-y-4" data-testid="battle-view">
      <SceneHeader
        art={zone?.art ?? "grove"}
        overline={zone?.name ?? "Battle"}
        title={<span data-testid="current-enemy">{player.enemyName}</span>}
        actions={
          <button
            type="button"
            className="btn btn-primary w-full sm:w-auto"
            onClick={() => setChoosing(true)}
          >
            <BattleIcon className="size-4" />
            Change Enemy
          </button>
        }
      >
        <ElementBadge element={element} />
        <span>
          Your magic: <ElementBadge element={player.magicType as Element} />
          {advantage !== 0 ? (
            <span className={advantage > 0 ? "ml-1 text-success" : "ml-1 text-danger"}>
              {advantage > 0 ? "+" : "−"}
              {Math.abs(advantage * 100)}%
            </span>
          ) : null}
        </span>
        <span className="tabular-nums">
          Kills <Num value={player.currentEnemyKills} className="font-semibold text-ink" /> · Deaths{" "}
          <Num value={player.currentEnemyDeaths} className="font-semibold text-ink" />
        </span>
      </SceneHeader>

      {result ? (
        <BattleResultCard playerName={playerName} result={result} />
      ) : (
        <WaitingCard>Your mage is readying a spell against {player.enemyName}.</WaitingCard>
      )}
      <ActivePets />

      {choosing ? (
        <Suspense fallback={null}>
          <EnemySelectDialog
            zone={player.zone}
            current={{ enemy: player.enemy, magicType: player.magicType as Element }}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function BattleResultCard({ playerName, result }: { playerName: string; result: BattleResult }) {
  const key = resultKey(result);
  const text = battleOutcomeText(result);
  const won = result.won;

  return (
    <section
      aria-label="Battle result"
      data-testid="battle-result"
      className={cx("panel relative overflow-hidden", won ? "border-gold/35" : "border-danger/35")}
    >
      <div
        key={`flash-${key}`}
        aria-hidden="true"
        className={cx(
          "pointer-events-none absolute inset-x-0 top-0 h-24 animate-flash",
          won
            ? "bg-linear-to-b from-gold/25 to-transparent"
            : "bg-linear-to-b from-danger/25 to-transparent",
        )}
        style={{ opacity: 0 }}
      />
      <header className="relative flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-edge/70 px-4 py-3 sm:px-5">
        <p
          key={`text-${key}`}
          data-testid="battle-outcome"
          className={cx(
            "animate-result-in font-display text-lg font-bold sm:text-xl",
            won ? "text-gold text-glow" : "text-danger",
          )}
        >
          {text}
        </p>
        {won ? (
          <p
            key={`xp-${key}`}
            className="animate-rise-in text-sm font-semibold text-primary-bright tabular-nums"
          >
            +<Num value={result.experienceGained} /> experience
          </p>
        ) : null}
      </header>

      <div className="relative grid gap-3 px-4 py-4 sm:px-5 @2xl:grid-cols-[1fr_auto_1fr]">
        <Combatant title={playerName} subtitle="You">
          <StatBar label="Health" value={result.health} max={result.maxHealth} tone="health" />
          <StatBar label="Mana" value={result.mana} max={result.maxMana} tone="mana" />
        </Combatant>
        <span
          aria-hidden="true"
          className="hidden self-center font-display text-sm font-bold tracking-widest text-ink-faint @2xl:block"
        >
          VS
        </span>
        <Combatant
          title={<span data-testid="enemy-name">{result.enemyName}</span>}
          subtitle={
            <>
              Lv <Num value={result.enemyLevel} /> · <ElementBadge element={result.enemyElement} />
            </>
          }
          enemy
        >
          <StatBar
            label="Health"
            value={result.enemyHealthRemaining}
            max={result.enemyMaxHealth}
            tone="enemy"
          />
        </Combatant>
      </div>

      <div className="relative border-t border-edge/70 px-4 py-4 sm:px-5">
        <h2 className="panel-title mb-2.5">Loot</h2>
        <LootList
          key={`loot-${key}`}
          loot={result.loot}
          statDrops={result.statDrops}
          items={result.items}
          emptyText={won ? "Nothing dropped this time." : "The defeated find no loot."}
        />
        {Object.keys(result.taxed).length > 0 ? (
          <>
            <h2 className="panel-title mt-4 mb-2.5">Guild Tax</h2>
            <LootList loot={result.taxed} />
          </>
        ) : null}
      </div>

      <div className="relative border-t border-edge/70 px-4 py-4 sm:px-5">
        <h2 className="panel-title mb-2.5">Battle Stats</h2>
        <dl className="grid grid-cols-2 gap-2 @lg:grid-cols-3 @3xl:grid-cols-5">
          {/* dl > div > dt + dd (the tooltip inside the term keeps the list valid). */}
          {battleStatRows(result).map((row) => (
            <div
              key={row.label}
              className="min-w-0 rounded-lg border border-edge/60 bg-night-950/40 px-3 py-2"
            >
              <dt className="text-[0.7rem] leading-tight font-medium tracking-wide text-ink-faint uppercase">
                <Tooltip content={row.hint}>{row.label}</Tooltip>
              </dt>
              <dd className="mt-0.5 font-semibold text-ink tabular-nums">
                {row.format === "percent" ? formatPercent(row.value) : <Num value={row.value} />}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Combatant({
  title,
  subtitle,
  enemy = false,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  enemy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cx(
        "rounded-xl border px-3.5 py-3",
        enemy ? "border-orange-400/20 bg-orange-950/15" : "border-primary/25 bg-primary/8",
      )}
    >
      <div className="mb-2.5 flex items-baseline justify-between gap-2">
        <p className="min-w-0 truncate font-display font-bold text-ink">{title}</p>
        <p className="shrink-0 text-xs text-ink-muted">{subtitle}</p>
      </div>
      <div className="space-y-2">{children}</div>
    </div>
  );
}
