import { lazy, Suspense, useEffect, useState } from "react";
import { cx } from "../../lib/cx";
import { formatFull } from "../../lib/numbers";
import { useGameStore } from "../../store/gameStore";
import {
  type Candle,
  candlesInRange,
  fetchHistory,
  HISTORY_RANGES,
  type HistoryRange,
} from "./priceHistory";

const PriceChart = lazy(() => import("./PriceChart"));

/** What prices have done for an item: the last day, week or month of trades. */
export function PriceHistory({ lootId }: { lootId: number }) {
  const [range, setRange] = useState<HistoryRange>("day");
  const [data, setData] = useState<{ key: string; candles: Candle[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const tradeCount = useGameStore((s) => s.market.tradeCount);
  const interval = range === "month" ? "day" : "hour";
  const key = `${lootId}:${interval}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the player's trades change history
  useEffect(() => {
    let live = true;
    setFailed(false);
    fetchHistory(lootId, interval)
      .then((candles) => {
        if (live) setData({ key, candles });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [lootId, interval, key, tradeCount]);
  const candles = data?.key === key ? candlesInRange(data.candles, range, Date.now()) : null;
  const last = candles?.at(-1);
  return (
    <section className="panel px-4 py-4" aria-label="Price history">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="panel-title">
          Price history
          {last ? (
            <span className="ml-2 text-xs font-normal text-ink-muted normal-case">
              last {formatFull(last.close)} Mana Dust
            </span>
          ) : null}
        </h2>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Range</legend>
          {HISTORY_RANGES.map((r) => (
            <button
              key={r.key}
              type="button"
              aria-pressed={range === r.key}
              className={cx("btn px-2.5 py-1 text-xs", range === r.key && "text-gold")}
              onClick={() => setRange(r.key)}
            >
              {r.label}
            </button>
          ))}
        </fieldset>
      </div>
      {failed ? (
        <p className="py-8 text-center text-sm text-ink-faint">The price history did not load.</p>
      ) : candles === null ? (
        <div className="skeleton h-56 w-full" />
      ) : candles.length === 0 ? (
        <p className="py-8 text-center text-sm text-ink-faint">No trades in this period.</p>
      ) : (
        <Suspense fallback={<div className="skeleton h-56 w-full" />}>
          <PriceChart candles={candles} />
        </Suspense>
      )}
    </section>
  );
}
