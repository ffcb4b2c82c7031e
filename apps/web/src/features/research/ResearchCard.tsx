import { lootById } from "@manaspire/game";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { capText, type ResearchRow } from "./researchModel";

/** What the tab's research is paid with, and how much of it the player holds. */
export function CurrencyStrip({
  rows,
  wallet,
}: {
  rows: readonly ResearchRow[];
  wallet: Readonly<Record<number, number>>;
}) {
  const ids = [...new Set(rows.flatMap((row) => row.def.payWith))];
  return (
    <ul className="mb-3 flex flex-wrap gap-1.5" aria-label="Your currencies">
      {ids.map((id) => {
        const def = lootById(id);
        return (
          <li
            key={id}
            className="inline-flex items-center gap-1.5 rounded-md border border-edge/70 bg-night-950/50 px-2 py-0.5 text-xs"
          >
            <span className={cx("font-semibold", rarityClass(def?.rarity ?? 0))}>
              {def?.name ?? `Loot #${id}`}
            </span>
            <Num value={wallet[id] ?? 0} className="font-semibold text-ink tabular-nums" />
          </li>
        );
      })}
    </ul>
  );
}

export function ResearchCard({ row, onBuy }: { row: ResearchRow; onBuy: () => void }) {
  const affordable = row.max > 0;
  const currency = lootById(row.def.currency);
  const capped = Number.isFinite(row.cap);
  return (
    <li className="panel flex flex-col gap-2 px-4 py-3" data-testid={`research-${row.def.boostId}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-display text-sm font-bold text-ink">{row.name}</h3>
          <p className="text-xs text-ink-muted">{row.description}</p>
          {row.costFactor < 1 ? (
            <p className="text-xs text-gold" data-testid="research-guild-discount">
              Guild Ethereal Refinery: −{Math.round((1 - row.costFactor) * 100)}% cost
            </p>
          ) : null}
        </div>
        <div className="shrink-0 text-right">
          <p className="text-[0.62rem] font-semibold tracking-wider text-ink-faint uppercase">
            Level
          </p>
          <p className="font-bold text-gold tabular-nums" data-testid="research-level">
            <Num value={row.level} />
            {capped ? (
              <span className="text-xs font-semibold text-ink-faint"> / {capText(row.cap)}</span>
            ) : null}
          </p>
        </div>
      </div>
      {capped ? (
        <div className="h-1 overflow-hidden rounded-full bg-night-950/80" aria-hidden="true">
          <div
            className="h-full rounded-full bg-linear-to-r from-gold-dim to-gold"
            style={{ width: `${Math.min(100, (row.level / row.cap) * 100)}%` }}
          />
        </div>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-3 pt-1">
        {row.atCap ? (
          <p className="text-xs font-semibold text-gold">Maximum level reached</p>
        ) : (
          <p className="min-w-0 text-xs text-ink-muted">
            Next:{" "}
            <Num
              value={row.nextCost}
              className={cx("font-semibold tabular-nums", affordable ? "text-ink" : "text-danger")}
            />{" "}
            <span className={cx("font-semibold", rarityClass(currency?.rarity ?? 0))}>
              {row.currencyName}
            </span>
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary h-8 shrink-0 px-3 py-0 text-xs"
          disabled={row.atCap}
          onClick={onBuy}
        >
          Buy
        </button>
      </div>
    </li>
  );
}
