/** A candle of `GET /api/market/{lootId}/history` (docs/features/market.md "Market"). */
export interface Candle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The chart's ranges: the last day and week in hours, the last month in days. */
export const HISTORY_RANGES = [
  { key: "day", label: "Day", interval: "hour", spanMs: 86_400_000 },
  { key: "week", label: "Week", interval: "hour", spanMs: 7 * 86_400_000 },
  { key: "month", label: "Month", interval: "day", spanMs: 31 * 86_400_000 },
] as const;

export type HistoryRange = (typeof HISTORY_RANGES)[number]["key"];

/** The candles of a range, from the server's answer for its interval. */
export function candlesInRange(candles: readonly Candle[], range: HistoryRange, now: number) {
  const def = HISTORY_RANGES.find((r) => r.key === range) ?? HISTORY_RANGES[0];
  return candles.filter((c) => c.start > now - def.spanMs);
}

export async function fetchHistory(lootId: number, interval: "hour" | "day"): Promise<Candle[]> {
  // Past the browser's cache: after a trade the chart must show it (the server caches briefly
  // and forgets an item's history when it trades).
  const res = await fetch(`/api/market/${lootId}/history?interval=${interval}`, {
    cache: "no-cache",
  });
  if (!res.ok) throw new Error(`history ${res.status}`);
  return ((await res.json()) as { candles: Candle[] }).candles;
}
