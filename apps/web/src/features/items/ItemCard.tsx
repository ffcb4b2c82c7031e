import { type Element, resistancePercent } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import type { ReactNode } from "react";
import { ElementBadge } from "../../components/ElementBadge";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import {
  type BoostDiff,
  type BoostLine,
  formatBoostValue,
  isBorrowed,
  itemAffinity,
  itemBoostLines,
  itemComparison,
  qualityText,
  rarityLabel,
  slotName,
} from "./itemModel";

/** The item's name in its rarity colour. */
export function ItemName({ item, className }: { item: Item; className?: string }) {
  return (
    <span className={cx("font-semibold", rarityClass(item.rarity), className)}>{item.name}</span>
  );
}

const RESISTANCE_NAMES: Record<number, string> = { 83: "fire", 84: "water", 85: "nature" };

function BoostRow({ line, percentile }: { line: BoostLine; percentile?: number | undefined }) {
  const resistance = RESISTANCE_NAMES[line.id];
  return (
    <li className="flex items-baseline justify-between gap-3">
      <span
        className={cx("min-w-0 truncate", line.enchant ? "text-primary-bright" : "text-ink-muted")}
      >
        {line.name}
        {resistance ? (
          <span className="ml-1 text-[0.65rem] text-ink-faint">
            (−{(resistancePercent(line.value) * 100).toFixed(1)}% {resistance} damage)
          </span>
        ) : null}
      </span>
      <span className="flex shrink-0 items-baseline gap-1.5">
        {percentile !== undefined ? <PercentileBar percentile={percentile} /> : null}
        <span
          className={cx(
            "font-semibold tabular-nums",
            line.known ? "text-ink" : "font-mono text-ink-muted",
          )}
        >
          {formatBoostValue(line, line.value)}
        </span>
      </span>
    </li>
  );
}

/** Where a roll sits among all possible rolls of that boost (0-100), as a small bar. */
function PercentileBar({ percentile }: { percentile: number }) {
  const p = Math.min(100, Math.max(0, percentile));
  const tone =
    p >= 90
      ? "bg-gold"
      : p >= 60
        ? "bg-success/80"
        : p >= 30
          ? "bg-primary-bright"
          : "bg-danger/70";
  return (
    <span
      className="flex items-center gap-1"
      title={`Better than ${p.toFixed(0)}% of possible rolls`}
      data-testid="roll-percentile"
    >
      <span className="h-1 w-10 overflow-hidden rounded-full bg-night-950" aria-hidden="true">
        <span className={cx("block h-full rounded-full", tone)} style={{ width: `${p}%` }} />
      </span>
      <span className="w-7 text-right text-[0.62rem] text-ink-faint tabular-nums">
        {p.toFixed(0)}%
      </span>
    </span>
  );
}

/** Level, slot, rarity and the other facts under the name. */
function ItemFacts({ item }: { item: Item }) {
  const affinity = itemAffinity(item);
  return (
    <div className="mt-0.5 space-y-0.5 text-[0.7rem] text-ink-faint">
      <p>
        <span className={rarityClass(item.rarity)}>{rarityLabel(item.rarity)}</span>{" "}
        {slotName(item.slot)} · Level{" "}
        <span className="text-ink-muted tabular-nums">{item.level}</span>
      </p>
      <p>
        Quality <span className="text-ink-muted tabular-nums">{qualityText(item.quality)}</span>
        {item.infusions > 0 ? (
          <>
            {" "}
            · Infused <span className="text-gold tabular-nums">{item.infusions}</span>{" "}
            <span className="tabular-nums">(+{item.infusions * 5}%)</span>
          </>
        ) : null}
      </p>
      {affinity ? (
        <p>
          {item.element !== undefined && item.element !== 0 ? (
            <ElementBadge
              element={item.element as Element}
              suffix="element"
              className="text-[0.7rem]"
            />
          ) : (
            affinity
          )}
        </p>
      ) : null}
    </div>
  );
}

export interface ItemCardProps {
  item: Item;
  /** Boost id -> percentile 0..100 of the roll (upgrade page). */
  percentiles?: Readonly<Record<number, number>> | undefined;
  /** Banner above the name, e.g. "Disenchanted". */
  banner?: ReactNode;
  className?: string;
}

/** Everything about one item: name, facts, boosts (enchant apart) and its badges. */
export function ItemCard({ item, percentiles, banner, className }: ItemCardProps) {
  const lines = itemBoostLines(item);
  const rolled = lines.filter((line) => !line.enchant);
  const enchant = lines.filter((line) => line.enchant);
  return (
    <div className={cx("min-w-0", className)} data-testid="item-card">
      {banner}
      <p className="text-sm leading-snug">
        <ItemName item={item} />
      </p>
      <ItemFacts item={item} />
      {rolled.length > 0 && percentiles ? (
        <p className="mt-2 flex justify-between border-t border-edge/70 pt-1.5 text-[0.6rem] tracking-wide text-ink-faint uppercase">
          <span>Modifier</span>
          <span>Roll · Value</span>
        </p>
      ) : null}
      {rolled.length > 0 ? (
        <ul
          className={cx(
            "space-y-0.5 text-xs",
            percentiles ? "mt-1" : "mt-2 border-t border-edge/70 pt-2",
          )}
        >
          {rolled.map((line) => (
            <BoostRow key={line.id} line={line} percentile={percentiles?.[line.id]} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 border-t border-edge/70 pt-2 text-xs text-ink-faint">No modifiers.</p>
      )}
      {enchant.length > 0 ? (
        <ul className="mt-1.5 space-y-0.5 border-t border-dashed border-primary/40 pt-1.5 text-xs">
          {enchant.map((line) => (
            <BoostRow key={line.id} line={line} />
          ))}
        </ul>
      ) : null}
      <ItemBadges item={item} />
    </div>
  );
}

export function ItemBadges({ item }: { item: Item }) {
  const badges: { key: string; text: string; tone: string }[] = [];
  if (item.isEquipped)
    badges.push({ key: "eq", text: "Equipped", tone: "border-gold/50 text-gold" });
  if (item.favorite)
    badges.push({ key: "fav", text: "★ Favourite", tone: "border-gold/40 text-gold" });
  if (isBorrowed(item)) {
    badges.push({
      key: "bor",
      text: `Borrowed · ${item.borrowerName}`,
      tone: "border-water/50 text-water",
    });
  }
  if (badges.length === 0) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-1">
      {badges.map((b) => (
        <span
          key={b.key}
          className={cx("rounded border px-1.5 py-px text-[0.65rem] font-semibold", b.tone)}
        >
          {b.text}
        </span>
      ))}
    </p>
  );
}

function DiffValue({ diff }: { diff: BoostDiff }) {
  if (diff.delta === 0) return <span className="text-ink-faint">=</span>;
  const better = diff.delta > 0;
  return (
    <span className={cx("font-semibold tabular-nums", better ? "text-success" : "text-danger")}>
      {better ? "▲ " : "▼ "}
      {formatBoostValue(diff, diff.delta)}
    </span>
  );
}

/**
 * The "Equipped" panel: the item of the same slot the player wears, and how the hovered item
 * differs from it, boost by boost (green: the hovered item is better).
 */
export function EquippedComparison({ item, equipped }: { item: Item; equipped: Item }) {
  const diffs = itemComparison(item, equipped);
  return (
    <div className="min-w-0" data-testid="item-comparison">
      <p className="panel-title text-[0.65rem]">Equipped</p>
      <p className="mt-1 text-sm leading-snug">
        <ItemName item={equipped} />
      </p>
      <p className="mt-0.5 text-[0.7rem] text-ink-faint">
        {rarityLabel(equipped.rarity)} · Level {equipped.level} · Quality{" "}
        {qualityText(equipped.quality)}
      </p>
      <table className="mt-2 w-full border-t border-edge/70 text-xs">
        <caption className="sr-only">Differences from the equipped item</caption>
        <thead>
          <tr className="text-[0.62rem] tracking-wide text-ink-faint uppercase">
            <th className="pt-1.5 text-left font-medium">Boost</th>
            <th className="pt-1.5 text-right font-medium">Worn</th>
            <th className="pt-1.5 text-right font-medium">Change</th>
          </tr>
        </thead>
        <tbody>
          {diffs.map((diff) => (
            <tr key={diff.id}>
              <td className="max-w-28 truncate py-px pr-2 text-ink-muted">{diff.name}</td>
              <td className="py-px pr-2 text-right text-ink tabular-nums">
                {diff.equipped === 0 ? "—" : formatBoostValue(diff, diff.equipped)}
              </td>
              <td className="py-px text-right whitespace-nowrap">
                <DiffValue diff={diff} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
