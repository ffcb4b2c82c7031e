import type { Item } from "@manaspire/protocol";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass, rarityName } from "../../lib/rarity";
import { ItemLink } from "../items/ItemTooltip";
import { LootLink } from "./LootLink";
import { lootLines, statDropLines } from "./lootDisplay";

export interface LootListProps {
  loot: Readonly<Record<number, number>>;
  statDrops?: Readonly<Record<number, number>>;
  items?: readonly Item[];
  /** Shown when there is nothing at all. */
  emptyText?: string;
  className?: string;
}

const CHIP =
  "inline-flex animate-rise-in items-center gap-1.5 rounded-lg border border-edge/80 bg-night-900/70 px-2.5 py-1 text-sm";

/** Loot of one result: materials in their rarity colour, stat drops and items. */
export function LootList({
  loot,
  statDrops = {},
  items = [],
  emptyText,
  className,
}: LootListProps) {
  const lines = lootLines(loot);
  const drops = statDropLines(statDrops);
  if (lines.length === 0 && drops.length === 0 && items.length === 0) {
    return emptyText ? <p className="text-sm text-ink-faint">{emptyText}</p> : null;
  }
  let delay = 0;
  const stagger = () => ({ animationDelay: `${Math.min(delay++, 8) * 45}ms` });
  return (
    <ul className={cx("flex flex-wrap gap-2", className)} aria-label="Loot">
      {lines.map((line) => (
        <li key={`l${line.id}`} className={CHIP} style={stagger()}>
          <LootLink id={line.id} text={line.name} />
          <span className="font-semibold text-ink tabular-nums">
            {line.amount > 0 ? "+" : ""}
            <Num value={line.amount} />
          </span>
        </li>
      ))}
      {drops.map((drop) => (
        <li
          key={`s${drop.id}`}
          className={cx(CHIP, "border-gold/40 bg-gold/10 font-semibold text-gold")}
          style={stagger()}
        >
          <span aria-hidden="true">✦</span>
          {drop.text}
        </li>
      ))}
      {items.map((item) => (
        <li key={`i${item.id}`} className={CHIP} style={stagger()} data-testid="loot-item">
          <ItemLink id={item.id} snapshot={item}>
            <button
              type="button"
              className={cx("cursor-help font-semibold", rarityClass(item.rarity))}
              aria-label={`${item.name}, ${rarityName(item.rarity)} item`}
            >
              {item.name}
            </button>
          </ItemLink>
          <span className="text-xs text-ink-faint">Lv {item.level}</span>
        </li>
      ))}
    </ul>
  );
}
